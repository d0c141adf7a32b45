// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { useTabList } from './use-tab-list';

const LABELS = ['One', 'Two', 'Three'];

function Tabs() {
  const [tab, setTab] = useState(0);
  const { tabListProps, tabProps } = useTabList<HTMLButtonElement>({ count: LABELS.length, selected: tab, onSelect: setTab });
  return (
    <>
      <button type="button">Before</button>
      <div aria-label="Numbers" {...tabListProps}>
        {LABELS.map((label, index) => (
          <button key={label} type="button" {...tabProps(index)} onClick={() => setTab(index)}>
            {label}
          </button>
        ))}
      </div>
      <p role="tabpanel">Panel {LABELS[tab]}</p>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selectedNames = () =>
  screen
    .getAllByRole('tab')
    .filter((element) => element.getAttribute('aria-selected') === 'true')
    .map((element) => element.textContent);

/** The tab `name` has the focus and is the one selected. */
function expectOn(name: string) {
  expect(tab(name)).toHaveFocus();
  expect(selectedNames()).toEqual([name]);
}

describe('useTabList', () => {
  test('only the selected tab is in the Tab order, and it is the one marked selected', async () => {
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Numbers' })).toBeInTheDocument();
    expect(selectedNames()).toEqual(['One']);
    expect(tab('One')).toHaveAttribute('tabindex', '0');
    expect(tab('Two')).toHaveAttribute('tabindex', '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.tab();
    expect(tab('One')).toHaveFocus();
    await userEvent.tab();
    expect(document.body).toHaveFocus();
  });

  test('arrow keys move focus and selection, wrapping at both ends', async () => {
    render(<Tabs />);
    await userEvent.click(tab('One'));
    await userEvent.keyboard('{ArrowRight}');
    expectOn('Two');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel Two');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expectOn('One');
    await userEvent.keyboard('{ArrowLeft}');
    expectOn('Three');
    expect(tab('Three')).toHaveAttribute('tabindex', '0');
    expect(tab('One')).toHaveAttribute('tabindex', '-1');
  });

  test('Home and End go to the first and the last tab; other keys change nothing', async () => {
    render(<Tabs />);
    await userEvent.click(tab('Two'));
    await userEvent.keyboard('{End}');
    expectOn('Three');
    await userEvent.keyboard('{Home}');
    expectOn('One');
    await userEvent.keyboard('{ArrowDown}a');
    expectOn('One');
  });
});
