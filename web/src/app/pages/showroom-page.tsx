import { lazy, useState } from 'react';
import type { AttachedDesign } from '#web/lib/attached-design.ts';
import { InquiryWizard, LeadDialogs, preloadInquiry, useThankYou } from './lead-dialogs';

// The showroom's code loads only when it is visited (main.tsx starts it early on its own
// page); this part, which the home page's lead dialogs share, comes with the app.
const ShowroomPage = lazy(() => import('#web/features/showroom/showroom-page.tsx'));

/**
 * /virtual-showroom with "Enquire about this design": the viewer's button opens the project
 * inquiry with the design attached, then the thank-you, as the home page does.
 */
export default function ShowroomWithInquiry() {
  // A new key for each enquiry: the wizard reads its design when it mounts.
  const [enquiry, setEnquiry] = useState<{ key: number; design: AttachedDesign; open: boolean } | null>(null);
  const thankYou = useThankYou();

  const enquire = (design: AttachedDesign) => setEnquiry((current) => ({ key: (current?.key ?? 0) + 1, design, open: true }));
  const submitted = (firstName: string) => {
    thankYou.submitted(firstName);
    setEnquiry((current) => current && { ...current, open: false });
  };

  return (
    <>
      <ShowroomPage onEnquire={enquire} onPreloadEnquiry={preloadInquiry} />
      <LeadDialogs
        thankYou={thankYou}
        dialogs={{
          inquiry: enquiry && (
            <InquiryWizard
              key={enquiry.key}
              design={enquiry.design}
              open={enquiry.open}
              onClose={() => setEnquiry({ ...enquiry, open: false })}
              onSubmitted={submitted}
              onExited={thankYou.formExited}
            />
          ),
        }}
      />
    </>
  );
}
