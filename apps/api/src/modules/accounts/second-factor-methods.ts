import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SecondFactorMethod, TwoFactorStatus } from '@latchkey/contracts';
import { sqlRows } from '../../common/sql.js';
import { RECOVERY_CODES_LEFT, TOTP_STATE, type TotpRow } from './two-factor.queries.js';

/**
 * A second factor kept outside this module (passkeys): it tells how many
 * credentials of its kind an account holds, and the account is challenged
 * for it when that is more than none. Registered at start-up with
 * `SecondFactorMethods.register` (from the owning module's `onModuleInit`),
 * so adding a kind of factor changes nothing here.
 */
export interface SecondFactorSource {
  readonly method: Extract<SecondFactorMethod, 'passkey'>;
  count(accountId: string): Promise<number>;
}

/** Which second factors an account has: what its sign-in asks for, and what its Account page shows. */
@Injectable()
export class SecondFactorMethods {
  private readonly sources = new Map<SecondFactorMethod, SecondFactorSource>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  register(source: SecondFactorSource): void {
    this.sources.set(source.method, source);
  }

  async status(accountId: string): Promise<TwoFactorStatus> {
    const [[totp], [codes], passkeys] = await Promise.all([
      sqlRows<TotpRow>(this.dataSource, TOTP_STATE, [accountId]),
      sqlRows<{ left: number }>(this.dataSource, RECOVERY_CODES_LEFT, [accountId]),
      this.sources.get('passkey')?.count(accountId) ?? 0,
    ]);
    const totpEnabled = Boolean(totp?.totp_enabled_at);
    return { totpEnabled, recoveryCodesLeft: totpEnabled ? (codes?.left ?? 0) : 0, passkeys };
  }

  /** The methods a sign-in of the account may answer its challenge with; none: no second step. */
  async of(accountId: string): Promise<SecondFactorMethod[]> {
    const { totpEnabled, passkeys } = await this.status(accountId);
    return [...(totpEnabled ? (['totp', 'recovery'] as const) : []), ...(passkeys > 0 ? (['passkey'] as const) : [])];
  }
}
