import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { registerOffline } from './app-update.ts'
import { Explorer } from './Explorer.tsx'
import { createQueryClient } from './query-client.ts'
import { UpdateNotice } from './UpdateNotice.tsx'

export function App() {
  const [queryClient] = useState(createQueryClient)
  // The offline cache fills when the user waits for nothing (its queries are what they wait for).
  useEffect(() => void registerOffline(queryClient), [queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      <Explorer />
      <UpdateNotice />
    </QueryClientProvider>
  )
}
