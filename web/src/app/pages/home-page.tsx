import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { HydrationBoundary } from '../../components/hydration-boundary';
import { PageMeta } from '../../components/page-meta';
import { paths } from '../../config/paths';
import { pageSeo } from '../../config/seo';
import { Gallery } from '../../features/gallery/components/gallery';
import { useBusiness } from '../../lib/site-settings';
import { hasSavedWizard } from '../../features/inquiry/hooks/saved-wizard';
import { ServicesSection } from '../../features/services/components/services-section';
import { BusinessJsonLd } from './business-json-ld';
import { Hero } from './hero';

// The dialogs (MUI, the form libraries, the query client and toasts) load on first intent,
// not with the page: pointing at, focusing or touching their button starts the download.
const loadProviders = () => import('../../components/dialog-providers');
const loadInquiry = () => import('../../features/inquiry/components/inquiry-wizard');
const loadQuote = () => import('../../features/quote/components/quote-dialog');
const loadSuccess = () => import('../../components/success-dialog');
const DialogProviders = lazy(loadProviders);
const InquiryWizard = lazy(loadInquiry);
const QuoteDialog = lazy(loadQuote);
const SuccessDialog = lazy(loadSuccess);
// Below the fold, with its own data: hydrated when its code arrives, after the rest.
const ReviewsSection = lazy(() => import('../../features/reviews/components/reviews-section'));

type DialogName = 'inquiry' | 'quote';

/** Links such as /#free-quote and /#start-project open their dialog. */
const dialogForHash: Record<string, DialogName> = { '#free-quote': 'quote', '#start-project': 'inquiry' };

export function HomePage() {
  const [open, setOpen] = useState<DialogName | null>(null);
  // Dialogs stay mounted once used, so they can animate closed.
  const [used, setUsed] = useState<Record<DialogName, boolean>>({ inquiry: false, quote: false });
  const [success, setSuccess] = useState<{ open: boolean; firstName: string } | null>(null);
  // The thank-you dialog opens once the form's dialog has faded out. Two modals never overlap,
  // so the thank-you is never left hidden from screen readers behind the closing form.
  const thankYouFor = useRef<string | null>(null);

  const show = (name: DialogName) => {
    setUsed((current) => (current[name] ? current : { ...current, [name]: true }));
    setOpen(name);
  };
  const submitted = (firstName: string) => {
    thankYouFor.current = firstName;
    setOpen(null);
    void loadSuccess();
  };
  const formExited = () => {
    const firstName = thankYouFor.current;
    thankYouFor.current = null;
    if (firstName !== null) setSuccess({ open: true, firstName });
  };

  // The address's hash (or a wizard left half-filled) opens a dialog once the page is live:
  // the prerendered HTML cannot know either, so this state is set after hydration on purpose.
  useEffect(() => {
    const fromHash = dialogForHash[window.location.hash];
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    if (fromHash) show(fromHash);
    else if (hasSavedWizard()) show('inquiry');
  }, []);

  const seo = pageSeo(useBusiness())[paths.home];
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} path={paths.home} />
      <BusinessJsonLd />
      <Hero
        onFreeQuote={() => show('quote')}
        onStartProject={() => show('inquiry')}
        onPreloadQuote={() => {
          void loadProviders();
          void loadQuote();
        }}
        onPreloadInquiry={() => {
          void loadProviders();
          void loadInquiry();
        }}
      />
      <HydrationBoundary>
        <ServicesSection />
      </HydrationBoundary>
      <HydrationBoundary>
        <Gallery headingLevel="h2" />
      </HydrationBoundary>
      <HydrationBoundary>
        <ReviewsSection />
      </HydrationBoundary>
      {used.inquiry || used.quote || success ? (
        <Suspense fallback={null}>
          <DialogProviders>
            {/* Each dialog waits for its code on its own: an open one never hides while the next loads. */}
            {used.inquiry ? (
              <Suspense fallback={null}>
                <InquiryWizard open={open === 'inquiry'} onClose={() => setOpen(null)} onSubmitted={submitted} onExited={formExited} />
              </Suspense>
            ) : null}
            {used.quote ? (
              <Suspense fallback={null}>
                <QuoteDialog open={open === 'quote'} onClose={() => setOpen(null)} onSubmitted={submitted} onExited={formExited} />
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
