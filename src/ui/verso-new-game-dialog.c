/* verso-new-game-dialog.c: the New Game dialog; its choices live in GSettings. */
#include "verso-new-game-dialog.h"

#include <glib/gi18n.h>

#include "level.h"
#include "verso-game.h"

struct _VersoNewGameDialog {
  AdwMessageDialog parent_instance;

  GSettings *settings;
  AdwComboRow *mode_row;
  AdwComboRow *color_row;
  AdwComboRow *level_row;
};

G_DEFINE_FINAL_TYPE (VersoNewGameDialog, verso_new_game_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void on_mode_selected (VersoNewGameDialog *self)
{
  guint mode = adw_combo_row_get_selected (self->mode_row);

  gtk_widget_set_sensitive (GTK_WIDGET (self->color_row), mode == VERSO_MODE_VERSUS_COMPUTER);
  gtk_widget_set_sensitive (GTK_WIDGET (self->level_row), mode != VERSO_MODE_TWO_PLAYERS);
}

void verso_new_game_dialog_save (VersoNewGameDialog *self)
{
  g_return_if_fail (VERSO_IS_NEW_GAME_DIALOG (self));

  g_settings_delay (self->settings);
  g_settings_set_enum (self->settings, "game-mode", (int) adw_combo_row_get_selected (self->mode_row));
  g_settings_set_enum (self->settings, "player-color", (int) adw_combo_row_get_selected (self->color_row));
  g_settings_set_enum (self->settings, "level", (int) adw_combo_row_get_selected (self->level_row));
  g_settings_apply (self->settings);
}

static void verso_new_game_dialog_dispose (GObject *object)
{
  VersoNewGameDialog *self = VERSO_NEW_GAME_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), VERSO_TYPE_NEW_GAME_DIALOG);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (verso_new_game_dialog_parent_class)->dispose (object);
}

static void verso_new_game_dialog_class_init (VersoNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = verso_new_game_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/verso/Verso/verso-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, mode_row);
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, color_row);
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, level_row);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_selected);
}

static void verso_new_game_dialog_init (VersoNewGameDialog *self)
{
  g_autoptr (GtkStringList) levels = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (int level = 0; level < LEVEL_COUNT; level++)
    gtk_string_list_append (levels, _(level_get (level)->name));
  adw_combo_row_set_model (self->level_row, G_LIST_MODEL (levels));
}

GtkWidget *verso_new_game_dialog_new (GtkWindow *parent, GSettings *settings)
{
  VersoNewGameDialog *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (VERSO_TYPE_NEW_GAME_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
  self->settings = g_object_ref (settings);
  adw_combo_row_set_selected (self->mode_row, (guint) g_settings_get_enum (settings, "game-mode"));
  adw_combo_row_set_selected (self->color_row, (guint) g_settings_get_enum (settings, "player-color"));
  adw_combo_row_set_selected (self->level_row, (guint) g_settings_get_enum (settings, "level"));
  on_mode_selected (self);
  return GTK_WIDGET (self);
}
