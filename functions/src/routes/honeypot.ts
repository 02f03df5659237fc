import { honeypotField } from '@site/domain';

/** People never see the honeypot field; anything in it means a bot filled the form. */
export function isBot(body: Record<string, unknown>): boolean {
  const value = body[honeypotField];
  return value !== undefined && value !== null && value !== '';
}
