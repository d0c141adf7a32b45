// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { LOYALTY_SETTINGS_TEXTS } from '@testerhub/shared/loyalty-settings-schemas';
import { PERK_SETTINGS_TEXTS, type PerksSettingsResponse } from '@testerhub/shared/perks-settings-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffSection } from '../../../test/staff-pages';
import { PerksSection } from './perks-section';

const api = fakeApi();

const level = (n: number, effectValue: number, requireLevel: number, requireCoins: number) => ({
  level: n,
  effect: `+${effectValue} spins a week`,
  effectValue,
  requireLevel,
  requireCoins,
  requireConditionsDesc: `<p>Reach level ${requireLevel}.</p>`,
});
const PERKS: PerksSettingsResponse = {
  status: 'succeed',
  highestLevel: 10,
  perks: [
    {
      skillTypeId: 2,
      effectKey: 'extraSpins',
      name: 'Lucky Spinner',
      description: 'More spins of the wheel every week.',
      imageSrc: '/media/perks/lucky-spinner.svg',
      version: 4,
      heldUpTo: 0,
      levels: [level(1, 1, 2, 100), level(2, 2, 4, 250)],
    },
    {
      skillTypeId: 3,
      effectKey: 'drawingDiscount',
      name: 'Bargain Hunter',
      description: 'A cheaper entry in the weekly gift-card drawing.',
      imageSrc: '/media/perks/bargain-hunter.svg',
      version: 1,
      heldUpTo: 2,
      levels: [level(1, 10, 2, 150), level(2, 20, 4, 300)],
    },
  ],
};

function renderSection() {
  return renderStaffSection(<PerksSection />);
}
const bodyOf = (path: string) => api.calls.find((call) => call.path === path)?.body;

describe('the perks section of the loyalty settings (decision 064)', () => {
  test('refuses a figure beyond its effect’s bound and a level that does not exist at their fields, then saves the perk with an added level', async () => {
    api.answers['/staff/content/Perks'] = { body: PERKS };
    // The save raises the perk's version: the form starts again from the stored perk, the outcome stays.
    api.answers['/staff/content/SavePerk'] = () => {
      api.answers['/staff/content/Perks'] = { body: { ...PERKS, perks: [{ ...PERKS.perks[0]!, version: 5 }, PERKS.perks[1]!] } };
      return { body: { status: 'succeed', message: PERK_SETTINGS_TEXTS.perkSaved('Lucky Spinner') } };
    };
    const user = renderSection();
    const form = within(await screen.findByRole('form', { name: 'Lucky Spinner' }));
    const second = within(form.getByRole('group', { name: 'Lucky Spinner level 2' }));
    const spins = second.getByLabelText('Extra spins a week');
    await user.clear(spins);
    await user.type(spins, '51');
    const needed = second.getByLabelText('Tester level needed');
    await user.clear(needed);
    await user.type(needed, '11');
    await user.click(form.getByRole('button', { name: 'Save Lucky Spinner' }));
    expect(spins).toHaveAccessibleDescription(expect.stringContaining(LOYALTY_SETTINGS_TEXTS.tooHigh(50)));
    expect(spins).toHaveAttribute('aria-invalid', 'true');
    expect(needed).toHaveAccessibleDescription(expect.stringContaining(PERK_SETTINGS_TEXTS.noSuchLevel(10)));
    expect(bodyOf('/staff/content/SavePerk')).toBeUndefined();

    await user.clear(spins);
    await user.type(spins, '3');
    await user.clear(needed);
    await user.type(needed, '5');
    await user.click(form.getByRole('button', { name: 'Add a level to Lucky Spinner' }));
    const third = within(form.getByRole('group', { name: 'Lucky Spinner level 3' }));
    await user.type(third.getByLabelText('Effect (what testers read)'), '+5 spins a week');
    await user.type(third.getByLabelText('Extra spins a week'), '5');
    await user.type(third.getByLabelText('Tester level needed'), '8');
    await user.type(third.getByLabelText('Coins to upgrade'), '900');
    await user.type(third.getByLabelText('Condition (HTML)'), 'Reach level 8.');
    await user.click(form.getByRole('button', { name: 'Save Lucky Spinner' }));
    expect(await screen.findByText(PERK_SETTINGS_TEXTS.perkSaved('Lucky Spinner'))).toBeInTheDocument();
    const reloaded = within(screen.getByRole('form', { name: 'Lucky Spinner' }));
    expect(reloaded.getByText(PERK_SETTINGS_TEXTS.perkSaved('Lucky Spinner'))).toBeInTheDocument();
    expect(reloaded.queryByRole('group', { name: 'Lucky Spinner level 3' })).not.toBeInTheDocument();
    expect(bodyOf('/staff/content/SavePerk')).toEqual({
      version: 4,
      skillTypeId: 2,
      name: 'Lucky Spinner',
      description: 'More spins of the wheel every week.',
      levels: [
        { effect: '+1 spins a week', effectValue: 1, requireLevel: 2, requireCoins: 100, requireConditionsDesc: '<p>Reach level 2.</p>' },
        { effect: '+2 spins a week', effectValue: 3, requireLevel: 5, requireCoins: 250, requireConditionsDesc: '<p>Reach level 4.</p>' },
        { effect: '+5 spins a week', effectValue: 5, requireLevel: 8, requireCoins: 900, requireConditionsDesc: 'Reach level 8.' },
      ],
    });
  });

  test('keeps the levels testers hold: their last cannot be removed; a refusal from the server shows at its field', async () => {
    api.answers['/staff/content/Perks'] = { body: PERKS };
    api.answers['/staff/content/SavePerk'] = { body: { status: 'failed', message: PERK_SETTINGS_TEXTS.held(2), field: 'levels' } };
    const user = renderSection();
    const hunter = within(await screen.findByRole('form', { name: 'Bargain Hunter' }));
    expect(hunter.getByRole('button', { name: 'Remove Bargain Hunter level 2' })).toBeDisabled();
    expect(hunter.getByText('Testers hold up to level 2 of this perk: it keeps at least 2 levels.')).toBeInTheDocument();
    // The drawing's discount may be large: 5,000 coins off is within its bound.
    const discount = within(hunter.getByRole('group', { name: 'Bargain Hunter level 1' })).getByLabelText('Coins off a drawing entry');
    await user.clear(discount);
    await user.type(discount, '5000');
    await user.click(hunter.getByRole('button', { name: 'Save Bargain Hunter' }));
    expect(await hunter.findByRole('alert')).toHaveTextContent(PERK_SETTINGS_TEXTS.held(2));
    expect((bodyOf('/staff/content/SavePerk') as { levels: { effectValue: number }[] }).levels[0]!.effectValue).toBe(5000);

    const spinner = within(screen.getByRole('form', { name: 'Lucky Spinner' }));
    await user.click(spinner.getByRole('button', { name: 'Remove Lucky Spinner level 2' }));
    expect(spinner.queryByRole('group', { name: 'Lucky Spinner level 2' })).not.toBeInTheDocument();
    expect(spinner.getByRole('button', { name: 'Remove Lucky Spinner level 1' })).toBeDisabled();
  });

  test('shows an error with Try again when the read fails, and loads on retry', async () => {
    api.answers['/staff/content/Perks'] = { status: 500, body: { message: 'Server fault' } };
    const user = renderSection();
    const section = within(screen.getByRole('region', { name: 'Perks' }));
    expect(await section.findByText('Something went wrong', { exact: false })).toBeInTheDocument();
    api.answers['/staff/content/Perks'] = { body: PERKS };
    await user.click(section.getByRole('button', { name: 'Try again' }));
    expect(await section.findByRole('form', { name: 'Bargain Hunter' })).toBeInTheDocument();
  });
});
