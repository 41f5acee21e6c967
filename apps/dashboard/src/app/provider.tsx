import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { getToken, subscribeToken } from '@/lib/auth-token';
import './layout.css';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Cached data belongs to the account that fetched it: drop it whenever the
  // token changes (sign-in, sign-out, or a 401 that ended the session).
  useEffect(() => {
    let last = getToken();
    return subscribeToken((change) => {
      const next = getToken();
      if (next !== last) {
        last = next;
        if (!change?.sameAccount) queryClient.clear();
      }
    });
  }, [queryClient]);

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <main className="auth-page">
          <div className="card auth-card stack" role="alert">
            <h1>Something went wrong</h1>
            <p>{this.state.error.message}</p>
            <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
              Reload
            </button>
          </div>
        </main>
      );
    }
    return this.props.children;
  }
}
