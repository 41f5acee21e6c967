import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { usernameKey, type SessionResult } from '@latchkey/contracts';
import { AppError } from '../../common/errors.js';
import { PlannerStatistics } from '../../common/planner-statistics.js';
import { PreparedStatements } from '../../common/prepared-statements.js';
import { AuditService } from '../audit/audit.service.js';
import { domainEvent, EventsService } from '../events/events.service.js';
import { durationEnd } from '../licenses/license-key.js';
import type { LockedLicense } from '../licenses/licenses.queries.js';
import { sessionsOpened } from '../sessions/session-metrics.js';
import { loginEvents, newSession, type SessionOpeningRequest } from '../sessions/session-opening.js';
import type { OpenedSessionRow } from '../sessions/session.rows.js';
import { clientAuthSuccess } from './client-audit.js';
import { FIRST_ACTIVATION_DONE, firstActivationStatement } from './client-auth.queries.js';
import { toSessionResult } from './session-results.js';
import { hwidDecision } from './hwid.js';
import type { OpeningCall } from './client-context.js';

interface FirstActivationRow extends Partial<OpenedSessionRow> {
  outcome: 'activated' | 'changed' | 'name_taken';
  delivery_ids: string[];
}

/**
 * A key's first use by `license` in one round trip after the lookup: the SQL
 * function `first_activation` locks the key, makes its user, marks it USED
 * and opens the first session (through open_session), and the same statement
 * records `license.activate`, `user.login`, `session.create`, their webhook
 * deliveries and the audit entry, all committed together or not at all.
 */
@Injectable()
export class FirstActivation {
  private readonly statement: string;

  constructor(
    private readonly events: EventsService,
    private readonly audit: AuditService,
    private readonly sql: PreparedStatements,
    private readonly statistics: PlannerStatistics,
  ) {
    this.statement = firstActivationStatement(
      this.events.recordCte('$18', FIRST_ACTIVATION_DONE),
      this.audit.recordCte('$19', FIRST_ACTIVATION_DONE),
    );
  }

  /**
   * Activates the UNUSED key `license` as read by the lookup. Null when it was
   * redeemed or edited since (the caller looks again); LICENSE_USED when a
   * registered user holds the key as a username.
   */
  async activate(call: OpeningCall & { type: 'license' }, license: LockedLicense): Promise<SessionResult | null> {
    const { app, ip, hwid, type, actor } = call;
    const now = new Date();
    const expiresAt = durationEnd(license.duration_type, now, license.extra_days);
    const boundHwid = hwidDecision({ hwidLock: app.hwidLock, stored: null, sent: hwid }).store ? hwid : null;
    const userId = randomUUID();
    const request: SessionOpeningRequest = {
      app,
      ip,
      hwid,
      session: newSession(app, now.getTime()),
      admission: { userId, username: actor, expectedHwid: boundHwid, storeHwid: false, licenseId: null },
    };
    const activation = domainEvent('license.activate', app.id, {
      licenseId: license.id,
      key: license.key,
      durationType: license.duration_type,
      level: license.level,
      activatedBy: userId,
      appId: app.id,
    });
    const audit = clientAuthSuccess({ appId: app.id, type, actor, ip, userId, sessionId: request.session.id });
    const rows = await this.sql.rows<FirstActivationRow>('client-first-activation', this.statement, [
      license.id,
      license.duration_type,
      license.extra_days,
      license.level,
      license.max_devices,
      userId,
      actor,
      usernameKey(actor),
      boundHwid,
      expiresAt,
      app.id,
      request.session.id,
      request.session.tokenHash,
      ip,
      hwid,
      request.session.expiresAt,
      now,
      this.events.toParam([activation, ...loginEvents(request, now)]),
      this.audit.toParam([audit]),
    ]);
    const row = rows[0]!;
    if (row.outcome === 'changed') return null;
    if (row.outcome === 'name_taken') throw new AppError('LICENSE_USED');
    sessionsOpened.inc();
    // Users and sessions grow by one per first activation: without this nothing re-analyzes them (issue 38).
    this.statistics.wrote('users', 1);
    this.statistics.wrote('sessions', 1);
    await this.events.afterCommit(row.delivery_ids);
    return toSessionResult(request, row as OpenedSessionRow);
  }
}
