import { describe, expect, it } from 'vitest';
import { envSchema, readEnv } from './config';
import { channelsOff } from './embedded/site';

describe('the embedded server environment', () => {
  it('reads the delivery settings: staff lists, mobiles as E.164, SMTP and Twilio', () => {
    const env = readEnv({
      NOTIFY_EMAIL: ' office@example.com , boss@example.com ',
      NOTIFY_SMS: '0411 111 111,+61 422 222 222',
      SITE_URL: 'https://www.example.com.au',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Northcote Kitchens <hello@example.com.au>',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+61480000000',
    });
    expect(env).toMatchObject({
      NOTIFY_EMAIL: ['office@example.com', 'boss@example.com'],
      NOTIFY_SMS: ['+61411111111', '+61422222222'],
      SITE_URL: 'https://www.example.com.au',
    });
    expect(channelsOff(env, ['office@example.com'])).toEqual([]);
  });

  it('reads the customer message limits: SMS countries upper-cased, AU and 3 a day by default', () => {
    expect(readEnv({})).toMatchObject({ SMS_COUNTRIES: ['AU'], CUSTOMER_MESSAGES_PER_DAY: 3 });
    expect(readEnv({ SMS_COUNTRIES: 'au, nz', CUSTOMER_MESSAGES_PER_DAY: '5' })).toMatchObject({
      SMS_COUNTRIES: ['AU', 'NZ'],
      CUSTOMER_MESSAGES_PER_DAY: 5,
    });
  });

  it('refuses to start with a setting that cannot work, naming it', () => {
    const refused = (source: Record<string, string>) => {
      try {
        readEnv(source);
        return 'started';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused({ NOTIFY_EMAIL: 'office@example.com, not an address' })).toBe(
      'Invalid environment:\n  NOTIFY_EMAIL.1: must be email addresses separated by commas',
    );
    expect(refused({ NOTIFY_SMS: '(03) 9123 4567' })).toBe('Invalid environment:\n  NOTIFY_SMS.0: (03) 9123 4567 is not a mobile number');
    expect(refused({ SMTP_URL: 'http://smtp.example.com' })).toBe(
      'Invalid environment:\n  SMTP_URL: must look like smtp://user:password@host:587 or smtps://user:password@host:465',
    );
    expect(refused({ SMTP_URL: 'smtp://smtp.example.com:587' })).toBe(
      'Invalid environment:\n  MAIL_FROM: required with SMTP_URL (e.g. "Northcote Kitchens <hello@example.com.au>")',
    );
    expect(refused({ MAIL_FROM: 'Northcote Kitchens' })).toBe(
      'Invalid environment:\n  MAIL_FROM: must be an address, or a name and <address>',
    );
    expect(refused({ TWILIO_ACCOUNT_SID: 'AC123' })).toBe(
      'Invalid environment:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three, or none',
    );
    expect(refused({ SMS_COUNTRIES: 'AU, Australia' })).toBe(
      'Invalid environment:\n  SMS_COUNTRIES.1: Australia is not a country code: use two letters such as AU or NZ, separated by commas',
    );
    expect(refused({ SMS_COUNTRIES: ' , ' })).toBe('Invalid environment:\n  SMS_COUNTRIES: must name at least one country, such as AU');
    expect(refused({ CUSTOMER_MESSAGES_PER_DAY: '0' })).toBe(
      'Invalid environment:\n  CUSTOMER_MESSAGES_PER_DAY: must be a whole number, 1 or more',
    );
    expect(refused({ SITE_URL: 'www.example.com' })).toBe(
      'Invalid environment:\n  SITE_URL: must be an http(s) address such as https://www.example.com.au',
    );
  });

  it('refuses bad operations settings with what to write instead', () => {
    const refused = (source: Record<string, string>) => {
      try {
        readEnv(source);
        return 'started';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused({ PORT: 'eighty' })).toBe('Invalid environment:\n  PORT: must be a whole number, 0 or more');
    expect(refused({ PORT: '70000' })).toBe('Invalid environment:\n  PORT: must be a port number, 0 to 65535');
    expect(refused({ LOG_LEVEL: 'loud' })).toBe(
      'Invalid environment:\n  LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
    expect(refused({ BACKUP_KEEP: '-1' })).toBe('Invalid environment:\n  BACKUP_KEEP: must be a whole number, 0 or more');
    expect(refused({ MIN_FREE_DISK_MB: '1.5' })).toBe('Invalid environment:\n  MIN_FREE_DISK_MB: must be a whole number, 0 or more');
    expect(refused({ SESSION_TTL_HOURS: '0' })).toBe('Invalid environment:\n  SESSION_TTL_HOURS: must be a whole number, 1 or more');
    expect(readEnv({})).toMatchObject({ LOG_LEVEL: 'info', BACKUP_KEEP: 7, MIN_FREE_DISK_MB: 100 });
    expect(readEnv({ BACKUP_KEEP: '0', LOG_LEVEL: 'silent' })).toMatchObject({ LOG_LEVEL: 'silent', BACKUP_KEEP: 0 });
  });

  it("reads the upload limits: 200 MB a day per address and 2048 MB of files not yet on a lead by default, each at least one file's 20 MB", () => {
    expect(readEnv({})).toMatchObject({ ATTACHMENT_MB_PER_DAY: 200, ATTACHMENT_STORAGE_MB: 2048, MIN_FREE_DISK_MB: 100 });
    expect(readEnv({ ATTACHMENT_MB_PER_DAY: '50', ATTACHMENT_STORAGE_MB: '500' })).toMatchObject({
      ATTACHMENT_MB_PER_DAY: 50,
      ATTACHMENT_STORAGE_MB: 500,
    });
    for (const [name, value] of [
      ['ATTACHMENT_MB_PER_DAY', '10'],
      ['ATTACHMENT_MB_PER_DAY', 'lots'],
      ['ATTACHMENT_STORAGE_MB', '19'],
      ['ATTACHMENT_STORAGE_MB', '1.5'],
    ]) {
      expect(() => readEnv({ [name]: value }), `${name}=${value}`).toThrow(
        `Invalid environment:\n  ${name}: must be a whole number, 20 or more`,
      );
    }
  });

  it('reads LEAD_RETENTION_MONTHS: off unless set, a whole number of months, and refuses anything else', () => {
    expect(readEnv({}).LEAD_RETENTION_MONTHS).toBeNull();
    expect(readEnv({ LEAD_RETENTION_MONTHS: '' }).LEAD_RETENTION_MONTHS).toBeNull();
    expect(readEnv({ LEAD_RETENTION_MONTHS: 'OFF' }).LEAD_RETENTION_MONTHS).toBeNull();
    expect(readEnv({ LEAD_RETENTION_MONTHS: ' 24 ' }).LEAD_RETENTION_MONTHS).toBe(24);
    for (const value of ['0', '-3', '1.5', 'two years', '1201']) {
      expect(() => readEnv({ LEAD_RETENTION_MONTHS: value }), value).toThrow(
        'Invalid environment:\n  LEAD_RETENTION_MONTHS: must be a whole number of months from 1 to 1200, or off',
      );
    }
  });

  it('says which channels are off when none is configured, naming only what the server reads', () => {
    const off = channelsOff(readEnv({}), []);
    expect(off).toEqual([
      'Email is off: set SMTP_URL and MAIL_FROM to send it.',
      'SMS is off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send it.',
      "No staff email address: add one in the admin's Settings tab, Staff notifications, to hear of new leads by email.",
    ]);
    // Every variable a sentence names is one readEnv reads and the senders use, never one only copied into the settings once.
    const named = off.join(' ').match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g) ?? [];
    const seedOnly = ['NOTIFY_EMAIL', 'NOTIFY_SMS', 'SITE_URL', 'BUSINESS_HOURS', 'FOLLOW_UP_AFTER_HOURS', 'LEAD_RETENTION_MONTHS'];
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) {
      expect(Object.keys(envSchema.shape)).toContain(name);
      expect(seedOnly).not.toContain(name);
    }
    // A staff address in the settings is enough, whatever NOTIFY_EMAIL says.
    expect(channelsOff(readEnv({}), ['office@example.com'])).toHaveLength(2);
  });
});
