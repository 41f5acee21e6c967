import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { BanLicenseRequest, BanUserRequest, FieldMessage, LicenseLimits, PortalLimits } from '@latchkey/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useApiForm } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { FormDialog } from './form-dialog';
import { TextField } from './form-fields';
import { BanDialog } from './reason-dialog';
import { SubmitButton } from './submit-button';

afterEach(() => {
  jest.restoreAllMocks();
});

function NameDialog({ action, onClose }: { action: (name: string) => Promise<string | void>; onClose: () => void }) {
  const { form, ...submit } = useApiForm<{ name: string }>({ defaultValues: { name: '' } }, async ({ name }) => {
    const success = await action(name);
    onClose();
    return success;
  });
  return (
    <FormDialog onClose={onClose} title="Rename" form={submit} submitLabel="Save" pendingLabel="Saving…" lockCancel>
      <TextField label="Name" {...form.register('name')} />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('submits its form, toasts what the action resolves to and closes through onClose', async () => {
    const success = jest.spyOn(toast, 'success');
    const action = jest.fn(async (name: string) => `Renamed to ${name}`);
    const onClose = jest.fn();
    render(<NameDialog action={action} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Rename' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nova' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(action).toHaveBeenCalledWith('Nova');
    expect(success).toHaveBeenCalledWith('Renamed to Nova');
  });

  it("shows the API's message above the fields and stays open when the action fails", async () => {
    const onClose = jest.fn();
    render(<NameDialog action={() => Promise.reject(new Error('name already exists'))} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('name already exists');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('disables Cancel while it submits when lockCancel is set, and says it is working', async () => {
    let finish: () => void = () => undefined;
    const action = () => new Promise<void>((resolve) => (finish = resolve));
    render(<NameDialog action={action} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const working = await screen.findByRole('button', { name: 'Saving…' });
    expect((working as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Saving…' })).toBeNull());
  });

  it('closes through onClose on Cancel', () => {
    const onClose = jest.fn();
    render(<NameDialog action={async () => undefined} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('BanDialog', () => {
  it('asks "Ban name?", sends the trimmed reason (null when blank) and toasts the words onBan resolves to', async () => {
    const success = jest.spyOn(toast, 'success');
    const onBan = jest.fn(
      async (reason: string | null, _publicReason: string | null) => `banned for ${reason ?? 'nothing'}`,
    );
    const onClose = jest.fn();
    render(
      <BanDialog
        name="alice"
        description="She is refused."
        hint="Optional"
        shape={BanUserRequest}
        label="Ban user"
        onBan={onBan}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Ban alice?' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  spam  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // No public reason field was asked for: none is sent.
    expect(onBan).toHaveBeenCalledWith('spam', null);
    expect(success).toHaveBeenCalledWith('banned for spam');
  });

  it("checks the reason with the request shape, as it is sent (trimmed), in the API's words", async () => {
    const onBan = jest.fn(async (_reason: string | null, _publicReason: string | null) => undefined);
    render(
      <BanDialog
        name="KEY"
        description="-"
        hint="-"
        shape={BanLicenseRequest}
        label="Ban key"
        onBan={onBan}
        onClose={() => undefined}
      />,
    );
    const reason = screen.getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: 'x'.repeat(LicenseLimits.banReasonMax + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban key' }));
    expect(await screen.findByText(FieldMessage.atMost('reason', LicenseLimits.banReasonMax))).toBeTruthy();
    expect(onBan).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: `  ${'x'.repeat(LicenseLimits.banReasonMax)}  ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban key' }));
    await waitFor(() => expect(onBan).toHaveBeenCalledWith('x'.repeat(LicenseLimits.banReasonMax), null));
  });

  it("asks for the customer's reason when given a hint, checks it with the shape, and sends it trimmed", async () => {
    const onBan = jest.fn(async (_reason: string | null, _publicReason: string | null) => undefined);
    render(
      <BanDialog
        name="KEY"
        description="-"
        hint="-"
        publicHint="The customer sees it"
        shape={BanLicenseRequest}
        label="Ban key"
        onBan={onBan}
        onClose={() => undefined}
      />,
    );
    const shown = screen.getByLabelText('Shown to the customer');
    fireEvent.change(shown, { target: { value: 'y'.repeat(PortalLimits.publicReasonMax + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban key' }));
    expect(await screen.findByText(FieldMessage.atMost('publicReason', PortalLimits.publicReasonMax))).toBeTruthy();
    expect(onBan).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.change(shown, { target: { value: '  Payment reversed  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban key' }));
    await waitFor(() => expect(onBan).toHaveBeenCalledWith(null, 'Payment reversed'));
  });
});

describe('SubmitButton', () => {
  it('is a submit button, disabled while submitting or when told', () => {
    const { rerender } = render(<SubmitButton submitting={false} label="Save" pendingLabel="Saving…" />);
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect([button.type, button.disabled, button.className]).toEqual(['submit', false, 'button button-primary']);
    rerender(<SubmitButton submitting={false} label="Save" pendingLabel="Saving…" disabled destructive />);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' }).className).toBe('button button-danger');
    rerender(<SubmitButton submitting label="Save" pendingLabel="Saving…" />);
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
