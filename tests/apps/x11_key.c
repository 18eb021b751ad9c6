/* Sends one key press and release (a synthetic event) to the X window named `name`:
 *
 *   x11_key <window name> <keysym name>      e.g.  x11_key es2gears Escape
 *
 * run_app.py asks es2gears_x11 to quit this way (it quits on Escape), so the check sees the
 * app's own exit. Exit 0: sent; 1: no such window or keysym.
 */
#include <stdio.h>
#include <string.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>

static Window
find(Display *dpy, Window w, const char *name)
{
   char *wn = NULL;
   if (XFetchName(dpy, w, &wn) && wn) {
      int same = !strcmp(wn, name);
      XFree(wn);
      if (same)
         return w;
   }
   Window root, parent, *kids = NULL;
   unsigned n = 0;
   Window found = 0;
   if (XQueryTree(dpy, w, &root, &parent, &kids, &n)) {
      for (unsigned i = 0; i < n && !found; i++)
         found = find(dpy, kids[i], name);
      if (kids)
         XFree(kids);
   }
   return found;
}

int
main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: %s <window name> <keysym>\n", argv[0]);
      return 2;
   }
   Display *dpy = XOpenDisplay(NULL);
   if (!dpy)
      return 1;
   Window w = find(dpy, DefaultRootWindow(dpy), argv[1]);
   KeySym sym = XStringToKeysym(argv[2]);
   if (!w || sym == NoSymbol) {
      fprintf(stderr, "x11_key: no window \"%s\" or no keysym \"%s\"\n", argv[1], argv[2]);
      return 1;
   }
   XKeyEvent ev = {
      .type = KeyPress,
      .display = dpy,
      .window = w,
      .root = DefaultRootWindow(dpy),
      .time = CurrentTime,
      .same_screen = True,
      .keycode = XKeysymToKeycode(dpy, sym),
   };
   XSendEvent(dpy, w, True, KeyPressMask, (XEvent *)&ev);
   ev.type = KeyRelease;
   XSendEvent(dpy, w, True, KeyReleaseMask, (XEvent *)&ev);
   XSync(dpy, False);
   XCloseDisplay(dpy);
   return 0;
}
