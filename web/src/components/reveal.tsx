import { useEffect, useRef, useState, type CSSProperties, type ElementType, type ReactNode } from 'react';
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

/** Fades and slides its content in, once, when enough of it scrolls into view (spec: 0.6s). */
export function Reveal({ threshold, delay = 0, component: Component = 'div', className, children }: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [threshold]);

  return (
    <Component
      ref={ref}
      data-revealed={shown ? 'true' : 'false'}
      className={`${styles.reveal}${className ? ` ${className}` : ''}`}
      style={delay ? ({ '--reveal-delay': `${delay}s` } as CSSProperties) : undefined}
    >
      {children}
    </Component>
  );
}
