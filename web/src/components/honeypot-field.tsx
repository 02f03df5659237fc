import { honeypotField } from '@site/domain';
import type { Ref } from 'react';
import { visuallyHidden } from './visually-hidden';

/**
 * The field people never see and bots fill in (docs/api.md): the server stores nothing from a
 * submission that fills it. Hidden from the eye, from screen readers and from the tab order.
 */
export function HoneypotField({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" style={visuallyHidden}>
      <label>
        Leave this field empty
        <input ref={inputRef} type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
