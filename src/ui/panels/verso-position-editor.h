/* verso-position-editor.h: the bar under the board while a position is set up: the position
 * being built, buttons to fill it, the side to move, and Cancel and Play. */
#pragma once

#include <gtk/gtk.h>

#include "position.h"

G_BEGIN_DECLS

#define VERSO_TYPE_POSITION_EDITOR (verso_position_editor_get_type ())
G_DECLARE_FINAL_TYPE (VersoPositionEditor, verso_position_editor, VERSO, POSITION_EDITOR, GtkWidget)

GtkWidget *verso_position_editor_new (void);

/* Starts editing from position (copied). */
void verso_position_editor_set_position (VersoPositionEditor *editor, const Position *position);
const Position *verso_position_editor_get_position (VersoPositionEditor *editor);
/* Turns a square empty -> black -> white -> empty. Emits "changed". */
void verso_position_editor_cycle_square (VersoPositionEditor *editor, int square);

/* Signals: "changed" when the position changes; "play" when Play was pressed on a position
 * that can start a game; "cancel" when Cancel was pressed. */

G_END_DECLS
