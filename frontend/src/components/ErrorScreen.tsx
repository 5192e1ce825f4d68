import { Component, type ReactNode } from 'react';

/** ErrorScreen is the spec's error screen: an image that asks the user to retry. */
export function ErrorScreen() {
  return (
    <main id="main" className="status-page">
      <img src="/img/error.png" alt="Whoops error! Refresh or try again later." width={320} height={200} />
    </main>
  );
}

/** ErrorBoundary logs a rendering error and shows the ErrorScreen instead of a blank page. */
export class ErrorBoundary extends Component<{ children?: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('feedlab: page failed to render', error);
  }

  render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
