import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef, useState, type ElementType, type ReactNode } from 'react';

interface RevealProps {
  /** How much of the element must be visible before it appears (0-1). */
  threshold: number;
  /** Seconds to wait before fading in. */
  delay?: number;
  component?: ElementType;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * Fades and slides its content in, once, when enough of it scrolls into view (spec: 0.6s).
 *
 * The hidden start state applies only when scripting is on and the visitor has not asked for
 * reduced motion, so the prerendered HTML reads fine without JavaScript and nothing moves
 * for those who asked it not to.
 */
export function Reveal({ threshold, delay = 0, component = 'div', sx, children }: RevealProps) {
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
    <Box
      ref={ref}
      component={component}
      data-revealed={shown ? 'true' : 'false'}
      sx={[
        {
          '@media (scripting: enabled) and (prefers-reduced-motion: no-preference)': {
            transition: `opacity 0.6s ease-out ${delay}s, transform 0.6s ease-out ${delay}s`,
            '&[data-revealed="false"]': { opacity: 0, transform: 'translateY(24px)' },
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
