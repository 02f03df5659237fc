import { lazy, Suspense, useRef, useState } from 'react';
import ShowroomPage from '../../features/showroom/showroom-page';
import type { AttachedDesign } from '../../lib/attached-design';

// As on the home page, the dialogs' code comes when the visitor is about to use it.
const loadProviders = () => import('../../components/dialog-providers');
const loadInquiry = () => import('../../features/inquiry/components/inquiry-wizard');
const loadSuccess = () => import('../../components/success-dialog');
const DialogProviders = lazy(loadProviders);
const InquiryWizard = lazy(loadInquiry);
const SuccessDialog = lazy(loadSuccess);

/**
 * /virtual-showroom with "Enquire about this design": the viewer's button opens the project
 * inquiry with the design attached, then the thank-you, as the home page does.
 */
export default function ShowroomWithInquiry() {
  // A new key for each enquiry: the wizard reads its design when it mounts.
  const [enquiry, setEnquiry] = useState<{ key: number; design: AttachedDesign; open: boolean } | null>(null);
  const [success, setSuccess] = useState<{ open: boolean; firstName: string } | null>(null);
  // The thank-you opens once the wizard has faded out, never over it.
  const thankYouFor = useRef<string | null>(null);

  const enquire = (design: AttachedDesign) => setEnquiry((current) => ({ key: (current?.key ?? 0) + 1, design, open: true }));
  const submitted = (firstName: string) => {
    thankYouFor.current = firstName;
    setEnquiry((current) => current && { ...current, open: false });
    void loadSuccess();
  };
  const wizardExited = () => {
    const firstName = thankYouFor.current;
    thankYouFor.current = null;
    if (firstName !== null) setSuccess({ open: true, firstName });
  };

  return (
    <>
      <ShowroomPage
        onEnquire={enquire}
        onPreloadEnquiry={() => {
          void loadProviders();
          void loadInquiry();
        }}
      />
      {enquiry || success ? (
        <Suspense fallback={null}>
          <DialogProviders>
            {enquiry ? (
              <Suspense fallback={null}>
                <InquiryWizard
                  key={enquiry.key}
                  design={enquiry.design}
                  open={enquiry.open}
                  onClose={() => setEnquiry({ ...enquiry, open: false })}
                  onSubmitted={submitted}
                  onExited={wizardExited}
                />
              </Suspense>
            ) : null}
            {success ? (
              <Suspense fallback={null}>
                <SuccessDialog
                  open={success.open}
                  firstName={success.firstName}
                  onClose={() => setSuccess({ ...success, open: false })}
                  onExited={() => setSuccess(null)}
                />
              </Suspense>
            ) : null}
          </DialogProviders>
        </Suspense>
      ) : null}
    </>
  );
}
