import { createElement, lazy, type ComponentType, type ReactElement } from 'react'

export interface Preloadable<Props> {
  /** Starts loading the code (once); resolves when it is in. */
  preload: () => Promise<unknown>
  /**
   * Renders the loaded component itself once its code is in, so that opening it shows it at once;
   * before that, a lazy one (render it inside Suspense). React holds a Suspense boundary's content
   * back for 300 ms after its fallback showed, and a panel's requests start only once its content
   * is there: a panel opened after its code came in pays neither.
   */
  Component: (props: Props) => ReactElement
}

/** A component split off the initial code that can be loaded ahead of its first use (`preload`). */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>): Preloadable<Props> {
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<ComponentType<Props>> | undefined
  const preload = () => (loading ??= load().then((component) => (loaded = component)))
  const Lazy = lazy(async () => ({ default: await preload() }))
  // A panel first drawn lazily and then as the loaded component keeps its state: React reconciles a
  // resolved lazy component with the component it resolved to.
  return { preload, Component: (props) => createElement(loaded ?? Lazy, props) }
}
