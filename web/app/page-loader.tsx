import { Center, Loader } from '@mantine/core';

/** The centered spinner shown while the shell or a page loads. */
export function PageLoader() {
  return (
    <Center mih="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
