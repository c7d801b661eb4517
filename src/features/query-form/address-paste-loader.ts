// The portal address readers are needed only when an http(s) address arrives in Base URL or Resource
// ID: they load on idle after the first paint (or on such an address), off the initial JavaScript.
import { whenIdle } from '../idle/when-idle.ts'

export type AddressPaste = Pick<typeof import('./address-paste.ts'), 'takeOverAddress' | 'takeOverCatalogAddress'>

let loaded: AddressPaste | undefined
let loading: Promise<AddressPaste> | undefined

export function loadAddressPaste(): Promise<AddressPaste> {
  // The names are read here, not the whole module: the bundler then keeps what the page already has in the entry chunk.
  loading ??= import('./address-paste.ts').then(({ takeOverAddress, takeOverCatalogAddress }) => (loaded = { takeOverAddress, takeOverCatalogAddress }))
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
