import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Something a stolen session could have started that a password change ends,
 * kept by the module that owns it (passkeys: open registration ceremonies;
 * members: pending invitations the account created). Registered at start-up
 * from the owning module's `onModuleInit`, like SecondFactorMethods' sources.
 */
export interface PasswordChangeReset {
  /** what the change's answer and audit entry count it as */
  readonly name: PasswordChangeResetName;
  /** Ends the account's records in the change's transaction; how many it ended. */
  end(manager: EntityManager, accountId: string): Promise<number>;
}

export type PasswordChangeResetName = 'passkeyChallenges' | 'invitations';

@Injectable()
export class PasswordChangeResets {
  private readonly resets = new Map<PasswordChangeResetName, PasswordChangeReset>();

  register(reset: PasswordChangeReset): void {
    this.resets.set(reset.name, reset);
  }

  /** Runs every registered reset in `manager`'s transaction; what each ended (0 for one not registered). */
  async endAll(manager: EntityManager, accountId: string): Promise<Record<PasswordChangeResetName, number>> {
    const ended: Record<PasswordChangeResetName, number> = { passkeyChallenges: 0, invitations: 0 };
    for (const reset of this.resets.values()) ended[reset.name] = await reset.end(manager, accountId);
    return ended;
  }
}
