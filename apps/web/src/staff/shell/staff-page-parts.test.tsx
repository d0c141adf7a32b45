// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { SubmitButton } from './staff-page-parts';

describe('SubmitButton, the staff forms’ one submit button', () => {
  test('says its label and submits while idle', () => {
    render(<SubmitButton pending={false} label="Save roles" />);
    const button = screen.getByRole('button', { name: 'Save roles' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveClass('staff-button');
    expect(button).not.toHaveClass('staff-button--quiet');
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-busy', 'false');
  });

  test('while pending it is disabled, busy and says “Saving…” unless told otherwise', () => {
    const { rerender } = render(<SubmitButton pending label="Save roles" />);
    const saving = screen.getByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    expect(saving).toHaveAttribute('aria-busy', 'true');
    rerender(<SubmitButton pending label="Add prefix" pendingLabel="Adding…" quiet />);
    const adding = screen.getByRole('button', { name: 'Adding…' });
    expect(adding).toHaveClass('staff-button', 'staff-button--quiet');
    expect(adding).toBeDisabled();
  });

  test('another call of the same form can hold it disabled without calling it busy', () => {
    render(<SubmitButton pending={false} label="Reject" pendingLabel="Rejecting…" disabled />);
    const button = screen.getByRole('button', { name: 'Reject' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'false');
  });
});
