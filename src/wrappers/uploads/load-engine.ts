// The upload engine (./engine.ts) is loaded when a file is first uploaded: most programs never
// upload one, and it is a large part of the client.
export const loadUploadEngine = () => import("./engine.js");
