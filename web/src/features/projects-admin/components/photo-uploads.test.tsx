import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PhotoUploads, type PhotoItem } from './photo-uploads';

const photo = (name: string, alt: string): PhotoItem => ({
  key: `/objects/photos/${name}.webp`,
  url: `/objects/photos/${name}.webp`,
  alt,
  preview: `/objects/photos/${name}-480.webp`,
  progress: null,
});

const island = photo('island', 'Walnut island');
const pantry = photo('pantry', 'Butler’s pantry');
const splashback = photo('splashback', 'Zellige splashback');

function Photos({ initial }: { initial: PhotoItem[] }) {
  const [items, setItems] = useState(initial);
  return <PhotoUploads items={items} onChange={setItems} cover={items[0]?.url ?? ''} onCover={() => undefined} errors={{}} />;
}

const order = () => screen.getAllByRole('textbox', { name: 'Alt text' }).map((field) => (field as HTMLInputElement).value);

describe('reordering project photos', () => {
  // jsdom lays nothing out: the photos stand in a row, 200 px wide, as the grid shows them on a wide screen.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const place = this.matches('ol > li') ? [...this.parentElement!.children].indexOf(this) : -1;
      const left = place < 0 ? 0 : place * 220;
      const [width, height] = place < 0 ? [0, 0] : [200, 320];
      return { x: left, y: 0, left, top: 0, width, height, right: left + width, bottom: height, toJSON: () => ({}) } as DOMRect;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('from the keyboard: Space picks a photo up, an arrow moves it, Space drops it, and a screen reader hears each step', async () => {
    const user = userEvent.setup();
    render(<Photos initial={[island, pantry, splashback]} />);
    expect(order()).toEqual(['Walnut island', 'Butler’s pantry', 'Zellige splashback']);

    const handle = screen.getByRole('button', { name: 'Reorder Walnut island' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    expect(handle).toHaveAccessibleDescription(/press Space or Enter on its reorder button, then the arrow keys/);
    handle.focus();
    const status = await screen.findByRole('status');

    await user.keyboard(' ');
    await waitFor(() => expect(status).toHaveTextContent('Picked up Walnut island, in place 1 of 3.'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(status).toHaveTextContent('Walnut island is over place 2 of 3.'));
    await user.keyboard(' ');
    await waitFor(() => expect(status).toHaveTextContent('Walnut island dropped in place 2 of 3.'));
    expect(order()).toEqual(['Butler’s pantry', 'Walnut island', 'Zellige splashback']);
    expect(within(screen.getByRole('listitem', { name: 'Photo 2' })).getByRole('textbox')).toHaveValue('Walnut island');

    // The next photo picked up is said to be picked up too.
    screen.getByRole('button', { name: 'Reorder Zellige splashback' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(status).toHaveTextContent('Picked up Zellige splashback, in place 3 of 3.'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(status).toHaveTextContent('Moving cancelled: Zellige splashback is back in place 3 of 3.'));
  });

  test('Escape puts the photo back where it was', async () => {
    const user = userEvent.setup();
    render(<Photos initial={[island, pantry, splashback]} />);
    screen.getByRole('button', { name: 'Reorder Zellige splashback' }).focus();
    const status = await screen.findByRole('status');
    await user.keyboard(' ');
    await waitFor(() => expect(status).toHaveTextContent('Picked up Zellige splashback, in place 3 of 3.'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(status).toHaveTextContent('Zellige splashback is over place 2 of 3.'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(status).toHaveTextContent('Zellige splashback is back in place 3 of 3.'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(status).toHaveTextContent('Zellige splashback is over place 2 of 3.'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(status).toHaveTextContent('Moving cancelled: Zellige splashback is back in place 3 of 3.'));
    expect(order()).toEqual(['Walnut island', 'Butler’s pantry', 'Zellige splashback']);
  });

  test('the arrow buttons still move a photo one place', async () => {
    const user = userEvent.setup();
    render(<Photos initial={[island, pantry, splashback]} />);
    await user.click(screen.getByRole('button', { name: 'Move Zellige splashback earlier' }));
    expect(order()).toEqual(['Walnut island', 'Zellige splashback', 'Butler’s pantry']);
    expect(screen.getByRole('button', { name: 'Move Walnut island earlier' })).toBeDisabled();
  });
});
