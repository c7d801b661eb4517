// The portal address readers are needed only when an http(s) address arrives in Base URL or Resource
// ID: they load on idle after the first paint (or on such an address), off the initial JavaScript.
import { whenIdle } from '../idle/when-idle.ts'

export type AddressPaste = typeof import('./address-paste.ts')

let loaded: AddressPaste | undefined
let loading: Promise<AddressPaste> | undefined

export function loadAddressPaste(): Promise<AddressPaste> {
  loading ??= import('./address-paste.ts').then((module) => (loaded = module))
  return loading
}

/** The readers once loaded, else undefined (call `loadAddressPaste` and try again). */
export function addressPaste(): AddressPaste | undefined {
  return loaded
}

/** Only text holding an http(s) address can be a portal or catalog address (both readers require one). */
export function mayBeAddress(text: string): boolean {
  return /https?:\/\//i.test(text)
}

whenIdle(() => void loadAddressPaste())
