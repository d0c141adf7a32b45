// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { LOYALTY_SETTINGS_TEXTS, type WheelAndDrawingResponse } from '@testerhub/shared/loyalty-settings-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffSection } from '../../../test/staff-pages';
import { DrawingSection } from './loyalty-settings-page';

/** The drawing's day in the Weekly drawing form (decision 065). */
const api = fakeApi();

const WHEEL_AND_DRAWING: WheelAndDrawingResponse = {
  status: 'succeed',
  wheel: { version: 1, spinCost: 50, spinsPerWeek: 3, segments: [{ coins: 10, percent: 100 }] },
  drawing: { version: 7, goldCardCost: 100, goldCardPrize: '$25 e-gift card', drawingDay: 1 },
};

/** The Weekly drawing section alone: the page's other sections have tests of their own. */
function renderSettings() {
  api.answers['/staff/content/WheelAndDrawing'] = { body: WHEEL_AND_DRAWING };
  return renderStaffSection(<DrawingSection />);
}

describe('the drawing day (decision 065)', () => {
  test('shows the stored day, sends the chosen weekday with the cost and prize, and shows the outcome', async () => {
    api.answers['/staff/content/SaveDrawing'] = { body: { status: 'succeed', message: LOYALTY_SETTINGS_TEXTS.drawingSaved } };
    const user = renderSettings();
    const drawing = within(await screen.findByRole('form', { name: 'Weekly drawing' }));
    const day = drawing.getByLabelText('Drawing day');
    expect(day).toHaveValue('1');
    expect(
      within(day)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    await user.selectOptions(day, 'Thursday');
    await user.click(drawing.getByRole('button', { name: 'Save the drawing' }));
    expect(await screen.findByText(LOYALTY_SETTINGS_TEXTS.drawingSaved)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/SaveDrawing')?.body).toEqual({
      version: 7,
      goldCardCost: 100,
      goldCardPrize: '$25 e-gift card',
      drawingDay: 4,
    });
  });

  test('a stale save says so and sends the day it was given', async () => {
    api.answers['/staff/content/SaveDrawing'] = { body: { status: 'failed', message: LOYALTY_SETTINGS_TEXTS.stale } };
    const user = renderSettings();
    const drawing = within(await screen.findByRole('form', { name: 'Weekly drawing' }));
    await user.selectOptions(drawing.getByLabelText('Drawing day'), 'Sunday');
    await user.click(drawing.getByRole('button', { name: 'Save the drawing' }));
    expect(await screen.findByText(LOYALTY_SETTINGS_TEXTS.stale)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/content/SaveDrawing')?.body).toMatchObject({ drawingDay: 7 });
  });
});
