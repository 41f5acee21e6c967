import {
  type KeyAuthImport,
  type KeyAuthImportCounts,
  type KeyAuthImportKind,
  KeyAuthImportLimits,
  type KeyAuthImportOutcome,
  type KeyAuthImportRow as KeyAuthImportRowView,
} from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { durationText } from '@/components/domain/license-duration';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Badge, type BadgeTone } from '@/components/ui/status-badge';
import { formatNumber, plural } from '@/lib/format';
import '@/components/ui/table.css';
import { PREVIEW_ROWS, useCommitKeyAuthImport, useKeyAuthImport, useKeyAuthImportRows } from '../api/keyauth-imports';

const STATUS_TONES: Record<KeyAuthImport['status'], BadgeTone> = {
  previewing: 'info',
  ready: 'neutral',
  committing: 'info',
  committed: 'success',
  failed: 'danger',
};

const STATUS_LABELS: Record<KeyAuthImport['status'], string> = {
  previewing: 'Reading the file',
  ready: 'Ready to commit',
  committing: 'Committing',
  committed: 'Imported',
  failed: 'Failed',
};

const OUTCOME_LABELS: Record<KeyAuthImportOutcome, string> = {
  create: 'created',
  skip: 'skipped',
  conflict: 'conflicts',
};

const OUTCOME_TONES: Record<KeyAuthImportOutcome, BadgeTone> = {
  create: 'success',
  skip: 'warning',
  conflict: 'danger',
};

/** An import: the worker's progress, the preview (counts, subscription levels, rows), the commit and its result. */
export function KeyAuthImportView({ appId, importId }: { appId: string; importId: string }) {
  const { data: item, error } = useKeyAuthImport(appId, importId);
  if (error) return <ErrorAlert error={error} />;
  if (!item) return null;
  const job = item.commitJob ?? item.previewJob;
  return (
    <section className="card stack" aria-label="KeyAuth import">
      <h2>
        {item.fileName ?? 'KeyAuth export'} <Badge tone={STATUS_TONES[item.status]}>{STATUS_LABELS[item.status]}</Badge>
      </h2>
      <p className="muted">Read as {item.format.replace('-', ' ')}.</p>
      {job && (item.status === 'previewing' || item.status === 'committing') ? (
        <p>
          <progress
            aria-label={item.status === 'previewing' ? 'Preview' : 'Commit'}
            max={Math.max(job.total ?? 0, 1)}
            value={job.done}
          />{' '}
          {formatNumber(job.done)} of {job.total === null ? '…' : formatNumber(job.total)} rows
        </p>
      ) : null}
      {job?.failure ? <p role="alert">{job.failure}</p> : null}
      {item.result ? (
        <>
          <p role="status" aria-label="Import result">
            Created {plural(item.result.usersCreated, 'user')} and {plural(item.result.keysCreated, 'key')}; skipped{' '}
            {plural(item.result.usersSkipped, 'user')} and {plural(item.result.keysSkipped, 'key')}.
          </p>
          <ImportedLinks appId={appId} result={item.result} importedBy={item.commitJob?.createdBy.accountId ?? null} />
        </>
      ) : null}
      {item.counts && item.status !== 'committed' ? <Preview appId={appId} item={item} counts={item.counts} /> : null}
    </section>
  );
}

/** Where the imported records now are: the keys (newest first, by whoever committed) and the users. */
function ImportedLinks({
  appId,
  result,
  importedBy,
}: {
  appId: string;
  result: NonNullable<KeyAuthImport['result']>;
  importedBy: string | null;
}) {
  if (result.keysCreated === 0 && result.usersCreated === 0) return null;
  return (
    <p className="button-row">
      {result.keysCreated > 0 ? (
        <Link
          to="/apps/$appId/licenses"
          params={{ appId }}
          search={importedBy ? { createdBy: importedBy } : {}}
          className="button button-secondary"
        >
          Open the imported keys
        </Link>
      ) : null}{' '}
      {result.usersCreated > 0 ? (
        <Link to="/apps/$appId/users" params={{ appId }} className="button button-secondary">
          Open the imported users
        </Link>
      ) : null}
    </p>
  );
}

/** What a staged row becomes: a key's level and duration ("Level 2 · 30 days + 44 days"); nothing for a skipped row. */
function becomes(row: KeyAuthImportRowView): string {
  if (row.outcome === 'skip' || row.level === null) return '—';
  if (row.durationType === null) return `Level ${row.level}`;
  return `Level ${row.level} · ${durationText({ durationType: row.durationType, extraDays: row.extraDays ?? 0 })}`;
}

/** KeyAuth's status of a key, which only a key that is imported keeps. */
function keyAuthStatus(row: KeyAuthImportRowView): string {
  if (row.outcome === 'skip') return 'Not imported';
  return `${row.status ?? ''}${row.usedBy ? ` by ${row.usedBy}` : ''}`;
}

function Preview({
  appId,
  item,
  counts,
}: {
  appId: string;
  item: KeyAuthImport;
  counts: NonNullable<KeyAuthImport['counts']>;
}) {
  const [levels, setLevels] = useState<Record<string, string>>(() =>
    Object.fromEntries(item.subscriptions.map((s) => [s.name, String(s.level)])),
  );
  const commit = useCommitKeyAuthImport(appId, item.id);
  const levelErrors = Object.values(levels).some((value) => !validLevel(value));
  const committing = item.status === 'committing' || commit.isPending;

  return (
    <div className="stack">
      <CountsTable counts={counts} />
      {item.subscriptions.length > 0 ? (
        <fieldset className="stack">
          <legend>Level of each KeyAuth subscription</legend>
          {item.subscriptions.map((subscription) => (
            <label key={subscription.name} className="field">
              <span>
                {subscription.name} ({formatNumber(subscription.users)} users)
              </span>
              <input
                inputMode="numeric"
                aria-label={`Level of ${subscription.name}`}
                value={levels[subscription.name] ?? '1'}
                aria-invalid={!validLevel(levels[subscription.name] ?? '1')}
                onChange={(event) => setLevels({ ...levels, [subscription.name]: event.target.value })}
              />
            </label>
          ))}
        </fieldset>
      ) : null}
      <PreviewRows appId={appId} importId={item.id} counts={counts} />
      <div>
        <button
          type="button"
          className="button button-primary"
          disabled={committing || levelErrors || item.status !== 'ready'}
          onClick={() =>
            commit.mutate(Object.fromEntries(Object.entries(levels).map(([name, value]) => [name, Number(value)])))
          }
        >
          {committing ? 'Committing…' : 'Commit import'}
        </button>
      </div>
      <ErrorAlert error={commit.error} />
    </div>
  );
}

function validLevel(value: string): boolean {
  const level = Number(value);
  return /^\d+$/.test(value) && level >= KeyAuthImportLimits.levelMin && level <= KeyAuthImportLimits.levelMax;
}

function CountsTable({ counts }: { counts: NonNullable<KeyAuthImport['counts']> }) {
  const rows: Array<[string, KeyAuthImportCounts]> = [
    ['Users', counts.users],
    ['Keys', counts.keys],
  ];
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Preview counts">
        <thead>
          <tr>
            <th />
            <th>Created</th>
            <th>Skipped</th>
            <th>Conflicts</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, count]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatNumber(count.create)}</td>
              <td>{formatNumber(count.skip)}</td>
              <td>{formatNumber(count.conflict)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PreviewRows({
  appId,
  importId,
  counts,
}: {
  appId: string;
  importId: string;
  counts: NonNullable<KeyAuthImport['counts']>;
}) {
  const [kind, setKind] = useState<KeyAuthImportKind>(() =>
    counts.users.create + counts.users.skip + counts.users.conflict > 0 ? 'users' : 'keys',
  );
  const [page, setPage] = useState(1);
  const { data, error } = useKeyAuthImportRows(appId, importId, { kind, page });
  const total = data?.meta.total ?? 0;

  return (
    <div className="stack">
      <div role="group" aria-label="Rows of the preview">
        {(['users', 'keys'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className={option === kind ? 'button button-primary' : 'button'}
            aria-pressed={option === kind}
            onClick={() => {
              setKind(option);
              setPage(1);
            }}
          >
            {option === 'users' ? 'Users' : 'Keys'}
          </button>
        ))}
      </div>
      <ErrorAlert error={error} />
      <div className="table-wrap">
        <table className="table" aria-label={`Preview of the ${kind}`}>
          <thead>
            <tr>
              <th>Line</th>
              <th>{kind === 'users' ? 'Username' : 'Key'}</th>
              <th>Outcome</th>
              <th>Why</th>
              {kind === 'keys' ? <th>Becomes</th> : null}
              <th>{kind === 'users' ? 'HWID' : 'Status'}</th>
            </tr>
          </thead>
          <tbody>
            {data?.data.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.name}</td>
                <td>
                  {row.outcome ? <Badge tone={OUTCOME_TONES[row.outcome]}>{OUTCOME_LABELS[row.outcome]}</Badge> : '…'}
                </td>
                <td>{row.reason ?? ''}</td>
                {kind === 'keys' ? <td>{becomes(row)}</td> : null}
                <td>
                  {kind === 'users' ? (row.hwid ?? '') : keyAuthStatus(row)}
                  {row.banned && kind === 'users' ? ' (banned)' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > PREVIEW_ROWS ? (
        <div>
          <button type="button" className="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>{' '}
          Page {page} of {Math.ceil(total / PREVIEW_ROWS)}{' '}
          <button
            type="button"
            className="button"
            disabled={page * PREVIEW_ROWS >= total}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </div>
      ) : null}
    </div>
  );
}
