import { useEffect, useRef, type CSSProperties, type ElementType, type ReactNode } from 'react';
import { observeReveal, unobserveReveal } from '../lib/reveal';
import styles from './reveal.module.css';

interface RevealProps {
  /** How much of the element must be visible before it appears (0-1). */
  threshold: number;
  /** Seconds to wait before fading in. */
  delay?: number;
  component?: ElementType;
  className?: string;
  children: ReactNode;
}

/**
 * Fades and slides its content in, once, when enough of it scrolls into view (spec: 0.6s).
 * The observing is done by lib/reveal.ts, which starts before React on a prerendered page; it
 * flips data-revealed itself, so React must not compare that attribute when it hydrates.
 */
export function Reveal({ threshold, delay = 0, component: Component = 'div', className, children }: RevealProps) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    observeReveal(element);
    return () => unobserveReveal(element);
  }, []);

  return (
    <Component
      ref={ref}
      data-revealed="false"
      data-reveal-threshold={threshold}
      suppressHydrationWarning
      className={`${styles.reveal}${className ? ` ${className}` : ''}`}
      style={delay ? ({ '--reveal-delay': `${delay}s` } as CSSProperties) : undefined}
    >
      {children}
    </Component>
  );
}
