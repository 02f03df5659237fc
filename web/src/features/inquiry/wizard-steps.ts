/**
 * The project inquiry's steps, as the wizard (components/inquiry-wizard.tsx) and its first
 * step drawn before the wizard's code has arrived (light-first-step.ts) both show them.
 */
export const steps = {
  1: { title: 'Select Rooms to Renovate', subtitle: 'Choose one or more rooms' },
  2: { title: "What's Your Budget Range?", subtitle: 'Select an approximate budget' },
  3: { title: 'When Do You Want to Start?', subtitle: 'Select your preferred timeline' },
  4: { title: 'Your Contact Details', subtitle: "We'll get in touch shortly" },
} as const;

export const stepCount = 4;
