import { Foundation1795300000000 } from './1795300000000-Foundation.js';
import { Licensing1795300000001 } from './1795300000001-Licensing.js';
import { OwnerOperations1795300000002 } from './1795300000002-OwnerOperations.js';
import { Webhooks1795300000003 } from './1795300000003-Webhooks.js';
import { SessionOpening1795300000004 } from './1795300000004-SessionOpening.js';
import { AccountSecurity1795300000005 } from './1795300000005-AccountSecurity.js';
import { Files1795300000006 } from './1795300000006-Files.js';
import { OfflineTickets1795300000007 } from './1795300000007-OfflineTickets.js';
import { SqlFunctionFiles1795300000008 } from './1795300000008-SqlFunctionFiles.js';
import { Resellers1795300000009 } from './1795300000009-Resellers.js';
import { CachedBanCheckPlan1795300000010 } from './1795300000010-CachedBanCheckPlan.js';
import { UsernameKeys1795300000011 } from './1795300000011-UsernameKeys.js';
import { ResellerScopes1795300000013 } from './1795300000013-ResellerScopes.js';
import { BoundedExpiry1795300000014 } from './1795300000014-BoundedExpiry.js';
import { DeliveryClaims1795300000015 } from './1795300000015-DeliveryClaims.js';
import { AdminReadIndexes1795300000016 } from './1795300000016-AdminReadIndexes.js';
import { BulkJobs1795300000017 } from './1795300000017-BulkJobs.js';
import { UserVariables1795300000019 } from './1795300000019-UserVariables.js';
import { AppActivityDays1795300000020 } from './1795300000020-AppActivityDays.js';
import { KeyAuthApps1795300000023 } from './1795300000023-KeyAuthApps.js';
import { KeyAuthImports1795300000024 } from './1795300000024-KeyAuthImports.js';
import { TwoFactorSignIn1795300000025 } from './1795300000025-TwoFactorSignIn.js';
import { Passkeys1795300000026 } from './1795300000026-Passkeys.js';
import { Teams1795300000027 } from './1795300000027-Teams.js';
import { AccountSecurityIndexes1795300000029 } from './1795300000029-AccountSecurityIndexes.js';
import { AppActivityHours1795300000030 } from './1795300000030-AppActivityHours.js';
import { FirstActivation1795300000031 } from './1795300000031-FirstActivation.js';
import { KeyAuthMessages1795300000032 } from './1795300000032-KeyAuthMessages.js';
import { KeyAuthSellerKey1795300000033 } from './1795300000033-KeyAuthSellerKey.js';
import { AuditSearch1795300000035 } from './1795300000035-AuditSearch.js';
import { InvitationLabels1795300000036 } from './1795300000036-InvitationLabels.js';
import { StoreSales1795300000037 } from './1795300000037-StoreSales.js';
import { CustomerPortal1795300000038 } from './1795300000038-CustomerPortal.js';
import { OrderEmailAttempts1795300000039 } from './1795300000039-OrderEmailAttempts.js';

/**
 * Every migration, by number: the order TypeORM runs them in (it sorts by the
 * number in the class name, whatever the order here), so the list reads as
 * what happens. A new migration goes in its place by number (index.spec.ts checks).
 */
export const MIGRATIONS = [
  Foundation1795300000000,
  Licensing1795300000001,
  OwnerOperations1795300000002,
  Webhooks1795300000003,
  SessionOpening1795300000004,
  AccountSecurity1795300000005,
  Files1795300000006,
  OfflineTickets1795300000007,
  SqlFunctionFiles1795300000008,
  Resellers1795300000009,
  CachedBanCheckPlan1795300000010,
  UsernameKeys1795300000011,
  ResellerScopes1795300000013,
  BoundedExpiry1795300000014,
  DeliveryClaims1795300000015,
  AdminReadIndexes1795300000016,
  BulkJobs1795300000017,
  UserVariables1795300000019,
  AppActivityDays1795300000020,
  KeyAuthApps1795300000023,
  KeyAuthImports1795300000024,
  TwoFactorSignIn1795300000025,
  Passkeys1795300000026,
  Teams1795300000027,
  AccountSecurityIndexes1795300000029,
  AppActivityHours1795300000030,
  FirstActivation1795300000031,
  KeyAuthMessages1795300000032,
  KeyAuthSellerKey1795300000033,
  AuditSearch1795300000035,
  InvitationLabels1795300000036,
  StoreSales1795300000037,
  CustomerPortal1795300000038,
  OrderEmailAttempts1795300000039,
];
