import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import styles from './action-button.module.css';

type Tone = 'gold' | 'dark' | 'light-outline';

const toneClass: Record<Tone, string> = { gold: styles.gold, dark: styles.dark, 'light-outline': styles.lightOutline };

/**
 * A plain <button> in the brand's colours. The public pages use it instead of MUI's Button
 * (its ripple machinery and runtime styles) to keep the first download small; dialogs use MUI's.
 */
export function ActionButton({ tone = 'gold', className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone }) {
  return <button {...props} className={`${styles.button} ${toneClass[tone]}${className ? ` ${className}` : ''}`} />;
}

/** A link that looks like an ActionButton: an action that leads to its own page (Book a free measure). */
export function ActionLink({
  tone = 'gold',
  className,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { tone?: Tone; href: string }) {
  return <a {...props} className={`${styles.button} ${toneClass[tone]}${className ? ` ${className}` : ''}`} />;
}
