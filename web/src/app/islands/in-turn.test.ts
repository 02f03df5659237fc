// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { inTurn } from './in-turn';

afterEach(() => {
  vi.useRealTimers();
});

describe('inTurn', () => {
  test('runs the first task at once and each next one in a later task, in order', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    inTurn([() => ran.push('storage'), () => ran.push('visit'), () => ran.push('islands')]);
    expect(ran).toEqual(['storage']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['storage', 'visit']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['storage', 'visit', 'islands']);
  });

  test.each(['pointerdown', 'keydown', 'pagehide'])('a %s before they have all run runs the rest at once, once each', (type) => {
    vi.useFakeTimers();
    const ran: string[] = [];
    inTurn([() => ran.push('storage'), () => ran.push('visit'), () => ran.push('islands')]);
    window.dispatchEvent(new Event(type));
    expect(ran).toEqual(['storage', 'visit', 'islands']);
    vi.runAllTimers();
    window.dispatchEvent(new Event(type));
    expect(ran).toEqual(['storage', 'visit', 'islands']);
  });

  test('a task that throws does not stop the ones after it', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const failing = () => {
      throw new Error('storage switched off');
    };
    expect(() => inTurn([failing, () => ran.push('visit')])).toThrow('storage switched off');
    vi.runAllTimers();
    expect(ran).toEqual(['visit']);
  });
});
