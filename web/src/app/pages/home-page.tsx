import { lazy, Suspense, useEffect, useState } from 'react';
import { PageMeta } from '../../components/page-meta';
import { paths } from '../../config/paths';
import { pageSeo } from '../../config/seo';
import { Gallery } from '../../features/gallery/components/gallery';
import { hasSavedWizard } from '../../features/inquiry/hooks/wizard-storage';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';
import { ServicesSection } from '../../features/services/components/services-section';
import { HydrationBoundary } from '../../components/hydration-boundary';
import { BusinessJsonLd } from './business-json-ld';
import { Hero } from './hero';

// The dialogs (and the form libraries they need) load on first use, not with the page.
const loadInquiry = () => import('../../features/inquiry/components/inquiry-wizard');
const loadQuote = () => import('../../features/quote/components/quote-dialog');
const loadSuccess = () => import('../../components/success-dialog');
const InquiryWizard = lazy(loadInquiry);
const QuoteDialog = lazy(loadQuote);
const SuccessDialog = lazy(loadSuccess);

type DialogName = 'inquiry' | 'quote';

/** Links such as /#free-quote and /#start-project open their dialog. */
const dialogForHash: Record<string, DialogName> = { '#free-quote': 'quote', '#start-project': 'inquiry' };

export function HomePage() {
  const [open, setOpen] = useState<DialogName | null>(null);
  // Dialogs stay mounted once used, so they can animate closed.
  const [used, setUsed] = useState<Record<DialogName, boolean>>({ inquiry: false, quote: false });
  const [success, setSuccess] = useState<{ open: boolean; firstName: string } | null>(null);

  const show = (name: DialogName) => {
    setUsed((current) => (current[name] ? current : { ...current, [name]: true }));
    setOpen(name);
  };
  const submitted = (firstName: string) => {
    setOpen(null);
    void loadSuccess();
    setSuccess({ open: true, firstName });
  };

  useEffect(() => {
    const fromHash = dialogForHash[window.location.hash];
    if (fromHash) show(fromHash);
    else if (hasSavedWizard()) show('inquiry');
  }, []);

  const seo = pageSeo[paths.home];
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} path={paths.home} />
      <BusinessJsonLd />
      <Hero
        onFreeQuote={() => show('quote')}
        onStartProject={() => show('inquiry')}
        onPreloadQuote={() => void loadQuote()}
        onPreloadInquiry={() => void loadInquiry()}
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
      {used.inquiry ? (
        <Suspense fallback={null}>
          <InquiryWizard open={open === 'inquiry'} onClose={() => setOpen(null)} onSubmitted={submitted} />
        </Suspense>
      ) : null}
      {used.quote ? (
        <Suspense fallback={null}>
          <QuoteDialog open={open === 'quote'} onClose={() => setOpen(null)} onSubmitted={submitted} />
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
    </>
  );
}
