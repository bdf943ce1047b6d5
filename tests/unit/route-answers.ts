/** What a route answered: `data()` in unit tests (single fetch), a Response, or what it threw. */
export const settle = async (work: () => unknown) => {
  try {
    return await work();
  } catch (thrown) {
    return thrown;
  }
};

/** The status of what `settle` gave: a Response's, or the `data()` init's (200 when it names none). */
export const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200);
