// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { AboutMePicker } from './about-me-picker';

const ANSWERS = [
  { answerId: 1, question: 'Which pets live in your home?', answer: 'Dog' },
  { answerId: 2, question: 'Which pets live in your home?', answer: 'Cat' },
  { answerId: 3, question: 'Do you own or rent your home?', answer: 'Own' },
  { answerId: 4, question: 'Do you own or rent your home?', answer: 'Rent' },
  { answerId: 5, question: 'How do you shop for groceries?', answer: 'Online' },
];

function Picker({ initial = [] }: { initial?: number[] }) {
  const [picked, setPicked] = useState(initial);
  return (
    <>
      <AboutMePicker
        legend="About-me answers"
        hint="Testers must hold every answer chosen."
        answers={ANSWERS}
        picked={picked}
        onChange={setPicked}
        error={null}
      />
      <output data-testid="picked">{picked.join(',')}</output>
    </>
  );
}

const group = (name: string) => within(screen.getByRole('group', { name }));

describe('the About-me picker (issue 29, decision 121)', () => {
  test('groups the answers under their questions and shows the chosen ones as chips that remove them', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    expect(
      group('Which pets live in your home?')
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent?.trim()),
    ).toEqual(['Dog', 'Cat']);
    expect(screen.queryByRole('list', { name: 'Chosen answers' })).toBeNull();
    await user.click(group('Do you own or rent your home?').getByRole('checkbox', { name: 'Rent' }));
    await user.click(group('Which pets live in your home?').getByRole('checkbox', { name: 'Cat' }));
    // Kept in the list's order, whatever order they were chosen in.
    expect(screen.getByTestId('picked')).toHaveTextContent('2,4');
    const chips = within(screen.getByRole('list', { name: 'Chosen answers' }));
    expect(chips.getAllByRole('button').map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Remove Which pets live in your home?: Cat',
      'Remove Do you own or rent your home?: Rent',
    ]);
    await user.click(chips.getByRole('button', { name: 'Remove Do you own or rent your home?: Rent' }));
    expect(screen.getByTestId('picked')).toHaveTextContent(/^2$/);
    expect(group('Do you own or rent your home?').getByRole('checkbox', { name: 'Rent' })).not.toBeChecked();
  });

  test('the search narrows to matching questions (all their answers) and matching answers, and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Picker initial={[5]} />);
    const search = screen.getByRole('searchbox', { name: 'Search questions and answers' });
    await user.type(search, 'home');
    // Both questions say "home": every answer of each stays; the grocery question goes.
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    expect(screen.queryByRole('group', { name: 'How do you shop for groceries?' })).toBeNull();
    await user.clear(search);
    await user.type(search, 'cat');
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent?.trim())).toEqual(['Cat']);
    // A chosen answer hidden by the search stays chosen, its chip shown.
    expect(screen.getByRole('button', { name: 'Remove How do you shop for groceries?: Online' })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'boat');
    expect(screen.getByText('No question or answer matches “boat”.')).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
