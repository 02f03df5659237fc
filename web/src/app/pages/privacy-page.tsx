import type { BusinessSettings } from '@site/domain';
import { PageMeta } from '#web/components/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { useBusiness } from '#web/lib/site-settings.ts';
import layout from '#web/styles/layout.module.css';
import { PageHeader } from './page-header';
import styles from './privacy-page.module.css';
import pages from './pages.module.css';

/** The page's title, description and keywords: here rather than in config/seo.ts, so they load with the page alone. */
export const privacySeo = (business: Pick<BusinessSettings, 'brand'>) => ({
  title: 'Privacy Policy',
  description: `How ${business.brand} collects, uses, keeps and deletes the details you send through our inquiry, quote and review forms, and how to ask for them.`,
  keywords: 'privacy policy, personal information, Australian Privacy Principles',
});

/** The Office of the Australian Information Commissioner, where privacy complaints go. */
export const oaic = {
  name: 'Office of the Australian Information Commissioner (OAIC)',
  url: 'https://www.oaic.gov.au',
  phone: '1300 363 992',
};

/** How long won and lost leads are kept, in the words the policy uses. */
export function retentionText(settings: Pick<BusinessSettings, 'leadRetentionMonths'>): string {
  const months = settings.leadRetentionMonths;
  if (months)
    return `Once a project is won or lost, we keep its inquiry or quote request, with its photos, plans and messages, for ${months} months after its last update, then delete them automatically.`;
  return 'We keep inquiries and quote requests, with their photos, plans and messages, while we work on your project and afterwards for our records (warranty questions and tax law can need them), and delete them sooner when you ask us to.';
}

/** Who the business is: its name, legal name and ABN when given. */
export function businessIdentity(settings: Pick<BusinessSettings, 'brand' | 'legalName' | 'abn'>): string {
  const legal = settings.legalName && settings.legalName !== settings.brand ? ` (${settings.legalName})` : '';
  const abn = settings.abn ? `, ABN ${settings.abn}` : '';
  return `${settings.brand}${legal}${abn}`;
}

/**
 * The privacy policy and collection notice (Australian Privacy Principles 1 and 5), built from
 * the business settings: what the forms collect, why, who sees it, how long it is kept, and
 * how to ask for it, correct it or have it deleted.
 */
export function PrivacyPage() {
  const business = useBusiness();
  const seo = privacySeo(business);
  const { address } = business;
  const who = businessIdentity(business);
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} path={paths.privacy} />
      <PageHeader title="Privacy Policy" intro="What we collect when you contact us, why, who sees it and how long we keep it." />
      <div className={`${layout.narrow} ${pages.content}`}>
        <div className={styles.policy}>
          <p className={pages.lead}>
            This policy explains how {who} handles personal information under the Australian Privacy Principles. We collect only what we
            need to reply about your project, and we never sell it.
          </p>

          <h2>What we collect</h2>
          <ul>
            <li>
              <strong>Project inquiries:</strong> your name, email address and phone number, the rooms you want renovated, your budget and
              timeline, and the showroom design you asked about.
            </li>
            <li>
              <strong>Quote requests:</strong> your name, email address, suburb and the room you want quoted.
            </li>
            <li>
              <strong>Photos and plans</strong> you attach to an inquiry or quote request.
            </li>
            <li>
              <strong>Reviews:</strong> your name, rating and review, and your email address if you choose to give it (it is never
              published).
            </li>
            <li>
              <strong>How you found us:</strong> with an inquiry or quote request, the advertising campaign tags of the link you arrived by,
              the website that referred you and the first page you saw, so we know which advertising works.
            </li>
            <li>
              <strong>Visit counts:</strong> the pages visited, a browser description and the internet address they came from, kept for a
              limited time and used only to count visits. They hold no name, email or phone number and are not linked to you.
            </li>
          </ul>
          <p>The site uses no advertising or tracking cookies.</p>

          <h2>Why we collect it</h2>
          <p>
            To reply to your inquiry, prepare a quote, plan and carry out your project, and publish reviews you send us. We email or text
            you only about your own project, unless you tick the box to receive occasional renovation ideas and offers; you can ask us to
            stop those at any time. If you do not give us your contact details, we cannot reply to you.
          </p>

          <h2>Who sees it</h2>
          <p>
            Our own staff, to work on your project. Our email and SMS providers deliver our messages to you and to our staff, and our
            hosting provider stores the site&apos;s data; they handle it only on our behalf. Published reviews show your name, rating and
            review only. We do not sell, rent or share your information with anyone else, unless the law requires it.
          </p>
          <p>Our providers may store data on servers in Australia or overseas; they are bound to protect it.</p>

          <h2>How long we keep it</h2>
          <p>{retentionText(business)}</p>
          <p>Visit counts are kept for a limited time only and then deleted.</p>

          <h2>Access, correction and deletion</h2>
          <p>
            You can ask us for a copy of the information we hold about you, to correct it, or to delete it. Contact us with the email
            address or phone number you used; we will reply within 30 days, and there is no charge.
          </p>

          <h2>Complaints</h2>
          <p>
            If you are unhappy with how we handled your information, please tell us first and we will try to put it right. If you are still
            not satisfied, you can complain to the {oaic.name} at{' '}
            <a href={oaic.url} target="_blank" rel="noopener noreferrer">
              www.oaic.gov.au
            </a>{' '}
            or on {oaic.phone}.
          </p>

          <h2>Contact us</h2>
          <address>
            <div>{who}</div>
            <div>{address.street}</div>
            <div>
              {address.suburb} {address.state} {address.postcode}
            </div>
            <div>
              Email: <a href={`mailto:${business.email}`}>{business.email}</a>
            </div>
            <div>
              Phone: <a href={`tel:${business.phoneHref}`}>{business.phone}</a>
            </div>
          </address>
        </div>
      </div>
    </>
  );
}

export default PrivacyPage;
