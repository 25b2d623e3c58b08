import { Component, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** What is shown instead, given what the children threw. */
  fallback: (error: unknown) => ReactNode;
  /** When it changes (the address, say), the children are tried again. */
  resetKey: string;
};

type State = { failed: boolean; error: unknown; resetKey: string };

/** Shows `fallback` instead of children that failed to render (a bug): the rest stays usable. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
