import { lazy, useEffect, useState } from 'react';
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
import { InquiryWizard, LeadDialogs, loadProviders, preloadInquiry, useThankYou } from './lead-dialogs';

const loadQuote = () => import('../../features/quote/components/quote-dialog');
const QuoteDialog = lazy(loadQuote);
// Below the fold, with its own data: hydrated when its code arrives, after the rest.
const ReviewsSection = lazy(() => import('../../features/reviews/components/reviews-section'));

type DialogName = 'inquiry' | 'quote';

/** Links such as /#free-quote and /#start-project open their dialog. */
const dialogForHash: Record<string, DialogName> = { '#free-quote': 'quote', '#start-project': 'inquiry' };

export function HomePage() {
  const [open, setOpen] = useState<DialogName | null>(null);
  // Dialogs stay mounted once used, so they can animate closed.
  const [used, setUsed] = useState<Record<DialogName, boolean>>({ inquiry: false, quote: false });
  const thankYou = useThankYou();

  const show = (name: DialogName) => {
    setUsed((current) => (current[name] ? current : { ...current, [name]: true }));
    setOpen(name);
  };
  const submitted = (firstName: string) => {
    thankYou.submitted(firstName);
    setOpen(null);
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
        onPreloadInquiry={preloadInquiry}
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
      <LeadDialogs
        thankYou={thankYou}
        dialogs={{
          inquiry: used.inquiry && (
            <InquiryWizard open={open === 'inquiry'} onClose={() => setOpen(null)} onSubmitted={submitted} onExited={thankYou.formExited} />
          ),
          quote: used.quote && (
            <QuoteDialog open={open === 'quote'} onClose={() => setOpen(null)} onSubmitted={submitted} onExited={thankYou.formExited} />
          ),
        }}
      />
    </>
  );
}
