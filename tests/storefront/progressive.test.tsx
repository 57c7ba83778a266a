import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { noteStartLocation, useProgressive } from '@/lib/use-progressive';

/** Ten parts: the first three at once, then two a commit. */
function Parts({ committed }: { committed: number[] }) {
  const shown = useProgressive(10, 3, 2);
  return (
    <ul ref={(node) => { if (node) committed.push(shown); }}>
      {Array.from({ length: shown }, (_, i) => <li key={i}>part {i}</li>)}
    </ul>
  );
}

describe('useProgressive', () => {
  it('draws the first parts in the first commit, then a few more in each commit after it, up to all of them', async () => {
    const committed: number[] = [];
    render(<MemoryRouter><Parts committed={committed} /></MemoryRouter>);
    expect(committed[0]).toBe(3);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10));
    // Each step its own commit, never more than two parts at once, and never fewer than before.
    expect(committed).toEqual([3, 5, 7, 9, 10]);
  });

  it('draws a screen reached by Back whole at once, not the one the app started on', async () => {
    const committed: number[] = [];
    function Home() {
      const navigate = useNavigate();
      noteStartLocation(useLocation().key);
      return <button type="button" onClick={() => void navigate(-1)}>back</button>;
    }
    render(
      <MemoryRouter initialEntries={['/list', '/home']} initialIndex={1}>
        <Routes>
          <Route path="/list" element={<Parts committed={committed} />} />
          <Route path="/home" element={<Home />} />
        </Routes>
      </MemoryRouter>,
    );
    await act(async () => screen.getByRole('button', { name: 'back' }).click());
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(committed).toEqual([10]);
  });
});
