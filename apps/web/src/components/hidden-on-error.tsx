import { Component, type ReactNode } from 'react';

/**
 * For helpers beside a page's work (the first-run checklist, the verification notice): if what
 * they show cannot be read, the page goes on without them rather than showing an error in their
 * place or falling to the app's error screen.
 */
export class HiddenOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
