/* verso-window-library.c: the game library in the window: Library… (win.library) opens its window
 * on the position shown, and the game chosen there replaces the one shown as an opened file does. */
#include "verso-window-private.h"

#include "verso-dialog.h"
#include "verso-library-window.h"

static void on_game_chosen (VersoLibraryWindow *library, const char *text, VersoWindow *self)
{
  window_files_offer_text (self, text);
}

static void library_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  VersoColor turn = verso_game_get_turn (self->game);
  Position shown = position_from_discs (verso_game_get_discs (self->game, VERSO_COLOR_BLACK),
                                        verso_game_get_discs (self->game, VERSO_COLOR_WHITE),
                                        turn == VERSO_COLOR_BLACK ? POSITION_BLACK : POSITION_WHITE);
  GtkWidget *library = verso_library_window_new (GTK_WINDOW (self), self->profile, &shown);

  g_signal_connect_object (library, "game-chosen", G_CALLBACK (on_game_chosen), self, 0);
  verso_dialog_present (GTK_WINDOW (library), GTK_WINDOW (self));
}

static const VersoWindowAction actions[] = {
  { "win.library", library_activated },
};

void window_library_class_init (GtkWidgetClass *widget_class)
{
  window_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
}
