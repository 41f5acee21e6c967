import { Injectable } from '@nestjs/common';
import type { SessionResult } from '@latchkey/contracts';
import type { EntityManager } from 'typeorm';
import { PlannerStatistics } from '../../common/planner-statistics.js';
import { AuditService } from '../audit/audit.service.js';
import type { Emit } from '../events/events.service.js';
import { durationEnd } from '../licenses/license-key.js';
import { activateLicense } from '../licenses/license-lifecycle.js';
import type { LockedLicense } from '../licenses/licenses.queries.js';
import { newSession, SessionOpening, type SessionAdmission } from '../sessions/session-opening.js';
import { insertUser } from '../users/user-writes.js';
import { clientAuthSuccess } from './client-audit.js';
import type { OpeningCall } from './client-context.js';
import { toSessionResult } from './session-results.js';
import { hwidDecision } from './hwid.js';

/** A registration: `actor` is the new user's name. */
export interface NewUserCall extends Omit<OpeningCall, 'type'> {
  type: 'register';
}

/**
 * A user made by registering with a key, and that user's first session,
 * inside the caller's transaction. (A key's first `license` does the same in
 * one statement: FirstActivation.)
 */
@Injectable()
export class Registration {
  constructor(
    private readonly audit: AuditService,
    private readonly sessions: SessionOpening,
    private readonly statistics: PlannerStatistics,
  ) {}

  /**
   * Makes the user a key is redeemed for (named `call.actor`, with the key's
   * level, device limit and duration, and the HWID if the app binds one) and
   * activates the key for it. Null when the name is taken.
   */
  async redeem(
    manager: EntityManager,
    emit: Emit,
    call: NewUserCall,
    { license, passwordHash }: { license: LockedLicense; passwordHash: string | null },
  ): Promise<SessionAdmission | null> {
    const { app, hwid, actor } = call;
    const activatedAt = new Date();
    const expiresAt = durationEnd(license.duration_type, activatedAt, license.extra_days);
    const boundHwid = hwidDecision({ hwidLock: app.hwidLock, stored: null, sent: hwid }).store ? hwid : null;
    const user = await insertUser(manager, {
      appId: app.id,
      username: actor,
      passwordHash,
      hwid: boundHwid,
      level: license.level,
      maxDevices: license.max_devices,
      expiresAt,
      licenseId: license.id,
    });
    if (!user) return null;
    // Users grow by one per first activation or registration: without this, nothing re-analyzes them (issue 38).
    this.statistics.wrote('users', 1);
    await activateLicense(manager, emit, { appId: app.id, license, userId: user.id, activatedAt, expiresAt });
    return { userId: user.id, username: actor, expectedHwid: boundHwid, storeHwid: false, licenseId: null };
  }

  /** Audits the call and opens the first session of a user made in this transaction. */
  async openFirstSession(
    manager: EntityManager,
    emit: Emit,
    call: NewUserCall,
    admission: SessionAdmission,
  ): Promise<SessionResult> {
    const { app, ip, hwid, type, actor } = call;
    const request = { app, ip, hwid, session: newSession(app), admission };
    await this.audit.write(manager, [
      clientAuthSuccess({ appId: app.id, type, actor, ip, userId: admission.userId, sessionId: request.session.id }),
    ]);
    const opened = await this.sessions.openInTransaction(manager, emit, request);
    return toSessionResult(request, opened);
  }
}
