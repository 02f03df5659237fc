import { goLiveChecklist, type GoLiveItem, type MessageChannel } from '@site/domain';
import { newId } from '../ids';
import type { EmailBusiness } from './email-layout';
import { testEmail } from './lead-messages';
import { SendError, type EmailSender, type SmsSender } from '../ports/senders';
import type { Store } from '../ports/store';
import type { SettingsService } from './settings';

/** The senders a test message goes through at once (not through the queue): the embedded server's. */
export interface DirectSenders {
  email?: EmailSender;
  sms?: SmsSender;
}

export interface GoLiveDeps {
  store: Store;
  settings: SettingsService;
  /** Whether this server can send each channel; null where a Firebase extension sends. */
  configured: Record<MessageChannel, boolean | null>;
  /** The embedded server's last backup; absent on Firebase, which keeps no backups of its own here. */
  lastBackupAt?: () => Promise<string | null>;
  now: () => Date;
}

/** Admins read a page of this many when counting those with a second factor: a small business has a handful. */
const adminsRead = 1000;

/** The dashboard's go-live card: what still stands between the site and real customers. */
export async function goLiveItems(deps: GoLiveDeps): Promise<GoLiveItem[]> {
  const [settings, admins, publishedProjects, lastBackupAt] = await Promise.all([
    deps.settings.settings(),
    deps.store.users.find({ orderBy: 'username', direction: 'asc', limit: adminsRead }),
    deps.store.projects.count({ published: true }),
    deps.lastBackupAt ? deps.lastBackupAt() : Promise.resolve(undefined),
  ]);
  return goLiveChecklist({
    settings,
    delivery: deps.configured,
    adminsWithSecondFactor: admins.items.filter((user) => !!user.totpSecret || user.passkeys.length > 0).length,
    publishedProjects,
    ...(lastBackupAt !== undefined ? { lastBackupAt } : {}),
    now: deps.now(),
  });
}

/** What one test message did: sent (with the provider's id for it) or why not. */
export interface TestOutcome {
  to: string;
  sent: boolean;
  detail: string;
}

/**
 * Sends one test message to each staff recipient of `channel` straight through its sender, so
 * the owner learns at once whether alerts can reach them, with the provider's own answer.
 */
export async function sendTestMessages(
  channel: MessageChannel,
  recipients: readonly string[],
  senders: DirectSenders,
  business: EmailBusiness,
): Promise<TestOutcome[]> {
  const text = `This is a test message from the ${business.brand} website (${business.siteUrl}). If it reached you, lead alerts can reach you too.`;
  const outcomes: TestOutcome[] = [];
  for (const to of recipients) {
    try {
      if (channel === 'email') {
        if (!senders.email) throw new SendError('Email is not configured on this server', true);
        const sent = await senders.email.send({ id: newId(), to, ...(await testEmail(business, text)), sender: { name: business.brand } });
        outcomes.push({
          to,
          sent: true,
          detail: sent.providerId ? `Accepted by the mail server (${sent.providerId})` : 'Accepted by the mail server',
        });
      } else {
        if (!senders.sms) throw new SendError('SMS is not configured on this server', true);
        const sent = await senders.sms.send({ id: newId(), to, text });
        outcomes.push({ to, sent: true, detail: sent.providerId ? `Accepted by Twilio (${sent.providerId})` : 'Accepted by Twilio' });
      }
    } catch (error) {
      if (!(error instanceof SendError)) throw error;
      outcomes.push({ to, sent: false, detail: `Not sent: ${error.message}` });
    }
  }
  return outcomes;
}
