import { MESSAGES } from '@mandado/shared/messages';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';

/** The 404 page's title (not-found.page.tsx); the spec's English texts are in Spanish here (decision 033). */
const NOT_FOUND_TEXT = 'No encontramos esta página';

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof ApiError) {
    const status = error.status || 500;
    return { status, message: status === 404 ? NOT_FOUND_TEXT : error.message };
  }
  if (error instanceof Error && error.message) return { status: 500, message: error.message };
  return { status: 500, message: MESSAGES.serverError };
}

function ErrorView({ error }: { error: unknown }) {
  const { status, message } = describe(error);
  return (
    <main id="main" className="status-page status-page--standalone container">
      <p className="status-page__code">{status}</p>
      <h1 className="status-page__title">{message}</h1>
      {status === 404 ? (
        <Link to="/" className="button button--primary">
          Volver al inicio
        </Link>
      ) : (
        <a href="/" className="button button--secondary">
          Volver a empezar
        </a>
      )}
    </main>
  );
}

/** A class because only a class can catch render errors; guards the error page itself (spec §2). */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <p className="status-page">Algo salió mal al mostrar esta página.</p>;
    return this.props.children;
  }
}

interface RouteErrorBoundaryProps {
  /** The error page gives way when this changes (a navigation), so a link out of it works. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failure: { error: unknown } | null;
}

/**
 * The app's error page (spec §2, §8): any error while rendering a route shows the message, the status
 * (default 500), and for 404 the way home. A class because only a class can catch render errors.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { failure: { error } };
  }

  override componentDidUpdate(previous: RouteErrorBoundaryProps) {
    if (this.state.failure && previous.resetKey !== this.props.resetKey) this.setState({ failure: null });
  }

  override render() {
    if (!this.state.failure) return this.props.children;
    return (
      <ErrorPageGuard>
        <ErrorView error={this.state.failure.error} />
      </ErrorPageGuard>
    );
  }
}
