import { PageHeader } from './ui/page-header';

/** Placeholder of a page whose lane has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="stack-lg">
      <PageHeader title={title} />
      <div className="card">
        <p className="muted">This page is coming soon.</p>
      </div>
    </div>
  );
}
