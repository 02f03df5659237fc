import type { Inquiry, QuoteRequest } from '@site/domain';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Notifier } from '../../ports/notifier';
import { inquiryMessages, quoteMessages, type OutgoingMessage } from '../../services/lead-messages';

/**
 * Appends each outgoing email and SMS as one JSON line to DATA_DIR/outbox/YYYY-MM-DD.jsonl,
 * where a mail or SMS relay (or a person) picks it up. Nothing leaves the machine from here.
 * One append stream per day keeps the request path free of file opens.
 */
export function createOutboxNotifier(dir: string, businessEmail?: string): Notifier {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let current: { day: string; stream: WriteStream } | null = null;
  const write = async (messages: OutgoingMessage[]) => {
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    if (current?.day !== day) {
      current?.stream.end();
      current = { day, stream: createWriteStream(join(dir, `${day}.jsonl`), { flags: 'a', mode: 0o600 }) };
    }
    const at = now.toISOString();
    current.stream.write(messages.map((message) => JSON.stringify({ at, ...message }) + '\n').join(''));
  };
  return {
    inquiryReceived: (inquiry: Inquiry) => write(inquiryMessages(inquiry, businessEmail)),
    quoteRequested: (quote: QuoteRequest) => write(quoteMessages(quote, businessEmail)),
  };
}
