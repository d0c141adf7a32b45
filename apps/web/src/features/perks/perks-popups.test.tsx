// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PERK_TEXTS } from '@testerhub/shared/perks-schemas';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { AvatarPopup } from './avatar-popup';
import { SkillTreePopup } from './skill-tree-popup';

const { answers, calls } = fakeApi();

const EARLY_BIRD = {
  skillTypeID: 1,
  name: 'Early Bird',
  imageSrc: '/media/perks/early-bird.svg',
  description: 'More daily coins.',
  level: 1,
};
const SPINNER = { skillTypeID: 2, name: 'Lucky Spinner', imageSrc: '/media/perks/lucky-spinner.svg', description: 'More spins.', level: 0 };

function level(n: number, active: boolean, skillType: typeof EARLY_BIRD) {
  return {
    level: n,
    effect: `+${n * 5} coins`,
    requireLevel: n,
    requireCoins: n * 100,
    isRequireConditionCorrect: active,
    requireConditionsDesc: `<p>Reach <strong>level ${n}</strong>.</p><img src=x onerror="alert(1)">`,
    active,
    skillType,
  };
}

function render_(node: React.ReactNode) {
  render(
    <MemoryRouter>
      <WithPortalQuery>{node}</WithPortalQuery>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('the skill tree (spec 3, "Perks (skill tree)")', () => {
  test("the grid says 'Lv N' or 'None'; the detail gives the current and next effect and the requirements, the condition sanitised", async () => {
    answers['/skill/Getskills'] = { body: { testerSkillTypes: [EARLY_BIRD, SPINNER] } };
    answers['/skill/GetDetailInfo'] = { body: { skills: [level(1, false, EARLY_BIRD), level(2, true, EARLY_BIRD)] } };
    const user = render_(<SkillTreePopup onClose={vi.fn()} refreshProfile={vi.fn()} />);
    const grid = await screen.findByRole('list', { name: 'Perks' });
    expect(within(grid).getByRole('button', { name: /Early Bird\s*Lv 1/ })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: /Lucky Spinner\s*None/ })).toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: /Early Bird/ }));
    const detail = await screen.findByTestId('perk-detail');
    expect(detail).toHaveTextContent('Now (Lv 1)+5 coins');
    expect(detail).toHaveTextContent('NextLv 2: +10 coins');
    expect(detail).toHaveTextContent('Level 2200 coins');
    expect(within(detail).getByText('level 2', { selector: 'strong' })).toBeInTheDocument();
    expect(detail.querySelector('img[onerror]')).toBeNull();
    expect(calls.find((call) => call.path === '/skill/GetDetailInfo')?.body).toBe(1);
    expect(within(detail).getByRole('button', { name: 'Upgrade' })).toBeEnabled();
  });

  test('Upgrade is disabled when the next level is not active', async () => {
    answers['/skill/Getskills'] = { body: { testerSkillTypes: [EARLY_BIRD] } };
    answers['/skill/GetDetailInfo'] = { body: { skills: [level(1, false, EARLY_BIRD), level(2, false, EARLY_BIRD)] } };
    const user = render_(<SkillTreePopup onClose={vi.fn()} refreshProfile={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: /Early Bird/ }));
    expect(await screen.findByRole('button', { name: 'Upgrade' })).toBeDisabled();
  });

  test("a success shows 'Perk Upgraded' with the new level and effect and refreshes the shell", async () => {
    answers['/skill/Getskills'] = { body: { testerSkillTypes: [EARLY_BIRD] } };
    answers['/skill/GetDetailInfo'] = { body: { skills: [level(1, false, EARLY_BIRD), level(2, true, EARLY_BIRD)] } };
    answers['/skill/SkillUp'] = { body: { status: 'succeed', level: 2, effect: '+10 coins' } };
    const refreshProfile = vi.fn();
    const user = render_(<SkillTreePopup onClose={vi.fn()} refreshProfile={refreshProfile} />);
    await user.click(await screen.findByRole('button', { name: /Early Bird/ }));
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('dialog', { name: PERK_TEXTS.upgraded })).toHaveTextContent('Early Bird: Lv 2. +10 coins.');
    expect(refreshProfile).toHaveBeenCalled();
  });

  test.each([
    [{ requireLevel: 3, requireCoins: 50, level: 3, coins: 49 }, ['This upgrade needs 50 coins; you have 49.']],
    [{ requireLevel: 3, requireCoins: 50, level: 2, coins: 80 }, ['This upgrade needs level 3; you are level 2.']],
    [
      { requireLevel: 3, requireCoins: 50, level: 1, coins: 0 },
      ['This upgrade needs level 3; you are level 1.', 'This upgrade needs 50 coins; you have 0.'],
    ],
  ])("a refusal shows 'Not enough conditions' and which condition is missing (%o)", async (figures, missing) => {
    answers['/skill/Getskills'] = { body: { testerSkillTypes: [EARLY_BIRD] } };
    answers['/skill/GetDetailInfo'] = { body: { skills: [level(1, false, EARLY_BIRD), level(2, true, EARLY_BIRD)] } };
    answers['/skill/SkillUp'] = { body: { status: 'notEnoughConditions', ...figures } };
    const user = render_(<SkillTreePopup onClose={vi.fn()} refreshProfile={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: /Early Bird/ }));
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const refusal = await screen.findByRole('dialog', { name: PERK_TEXTS.notEnough });
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(missing);
  });
});

describe('the picture choice (spec 3, "Avatar")', () => {
  const PICTURES = [
    { imageID: 1, fileName: 'avatar-01.svg', imageSrc: '/media/avatars/avatar-01.svg', requireLevel: 1 },
    { imageID: 3, fileName: 'avatar-03.svg', imageSrc: '/media/avatars/avatar-03.svg', requireLevel: 2 },
    { imageID: 4, fileName: 'avatar-04.svg', imageSrc: '/media/avatars/avatar-04.svg', requireLevel: 3 },
  ];

  test('grouped by level; a picture above the level cannot be chosen; Save sends the id', async () => {
    answers['/profile/GetProfilePic'] = { body: PICTURES };
    answers['/profile/SaveProfilePic'] = { body: { status: 'succeed' } };
    const onClose = vi.fn();
    const refreshProfile = vi.fn();
    const user = render_(<AvatarPopup level={2} fileName="avatar-01.svg" onClose={onClose} refreshProfile={refreshProfile} />);
    expect(await screen.findByRole('group', { name: 'Level 3' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Picture avatar-01' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Picture avatar-04, needs level 3' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Picture avatar-03' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/profile/SaveProfilePic')?.body).toBe(3);
    expect(refreshProfile).toHaveBeenCalled();
  });

  test("a refusal says 'Failed to change profile pic. Please retry again'", async () => {
    answers['/profile/GetProfilePic'] = { body: PICTURES };
    answers['/profile/SaveProfilePic'] = { body: { status: 'failed' } };
    const user = render_(<AvatarPopup level={2} fileName="avatar-01.svg" onClose={vi.fn()} refreshProfile={vi.fn()} />);
    await user.click(await screen.findByRole('radio', { name: 'Picture avatar-03' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: PERK_TEXTS.avatarFailed })).toBeInTheDocument();
  });
});

describe('in Spanish (issue 28, Spanish end to end)', () => {
  test('the skill tree and a refused upgrade read in Spanish; the perks keep their stored names', async () => {
    setLanguage('es');
    answers['/skill/Getskills'] = { body: { testerSkillTypes: [EARLY_BIRD, SPINNER] } };
    answers['/skill/GetDetailInfo'] = { body: { skills: [level(1, false, EARLY_BIRD), level(2, true, EARLY_BIRD)] } };
    answers['/skill/SkillUp'] = { body: { status: 'notEnoughConditions', requireLevel: 2, requireCoins: 200, level: 1, coins: 50 } };
    // The Spanish texts load on first use: the popup suspends until they have.
    await act(async () => {
      render_(<SkillTreePopup onClose={vi.fn()} refreshProfile={vi.fn()} />);
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('dialog', { name: 'Beneficios' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Beneficios' });
    expect(within(grid).getByRole('button', { name: /Early Bird\s*Nv 1/ })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: /Lucky Spinner\s*Ninguno/ })).toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: /Early Bird/ }));
    const detail = await screen.findByTestId('perk-detail');
    expect(detail).toHaveTextContent('Ahora (Nv 1)+5 coins');
    expect(detail).toHaveTextContent('Nivel 2200 monedas');
    await user.click(within(detail).getByRole('button', { name: 'Mejorar' }));
    expect(await screen.findByText('No cumple las condiciones')).toBeInTheDocument();
    expect(screen.getByTestId('perk-missing')).toHaveTextContent('Esta mejora requiere 200 monedas; usted tiene 50.');
  });
});
