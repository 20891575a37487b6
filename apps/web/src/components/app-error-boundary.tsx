import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ServerErrorPage } from './server-error-page';

interface State {
  failed: boolean;
}

/**
 * Last line of defence: anything thrown while rendering outside a route (providers, the router
 * itself) shows the 500 page instead of a blank screen. Route errors are caught by the router's
 * own error element first.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error in the web app', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ServerErrorPage /> : this.props.children;
  }
}
