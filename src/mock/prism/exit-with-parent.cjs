// Preloaded into Prism (node --require): Prism exits as soon as the process that started it is
// gone, however it went, SIGKILL included. The parent holds the write end of Prism's stdin; the
// kernel closes it when the parent dies, and the end of stdin is the signal.
"use strict";
const stdin = process.stdin;
const leave = () => process.exit(0);
stdin.on("end", leave);
stdin.on("close", leave);
stdin.on("error", leave);
stdin.resume();
// Reading stdin must not by itself keep Prism alive once it means to exit.
if (typeof stdin.unref === "function") stdin.unref();
