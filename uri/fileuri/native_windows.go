package fileuri

// Native is the style of paths of the system the program is built for:
// [Windows] on Windows, [Posix] everywhere else.
const Native = Windows
