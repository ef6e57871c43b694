/* verso-paint.h: Cairo helpers that the board and the evaluation graph both paint with. */
#pragma once

#include <gtk/gtk.h>

#include "verso-board-theme.h"

G_BEGIN_DECLS

/* Paints with a theme's colour, its own alpha times alpha. */
void verso_paint_set_color (cairo_t *cr, const VersoBoardColor *color, double alpha);
/* A closed path: the rectangle with its corners rounded by radius. */
void verso_paint_rounded_rectangle (cairo_t *cr, double x, double y, double width, double height, double radius);

G_END_DECLS
