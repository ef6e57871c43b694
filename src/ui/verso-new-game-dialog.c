/* verso-new-game-dialog.c: the New Game dialog; its choices live in GSettings. */
#include "verso-new-game-dialog.h"

#include <glib/gi18n.h>

#include "level.h"
#include "verso-game.h"
#include "verso-level-row.h"

struct _VersoNewGameDialog {
  AdwMessageDialog parent_instance;

  GSettings *settings;
  AdwComboRow *mode_row;
  AdwComboRow *color_row;
  AdwComboRow *level_row;
  AdwComboRow *black_level_row;
  AdwComboRow *white_level_row;
  AdwComboRow *rules_row;
  AdwComboRow *start_row;
};

G_DEFINE_FINAL_TYPE (VersoNewGameDialog, verso_new_game_dialog, ADW_TYPE_MESSAGE_DIALOG)

static void on_mode_selected (VersoNewGameDialog *self)
{
  guint mode = adw_combo_row_get_selected (self->mode_row);

  /* Only the rows that matter to the players chosen are shown. */
  gtk_widget_set_visible (GTK_WIDGET (self->color_row), mode == VERSO_MODE_VERSUS_COMPUTER);
  gtk_widget_set_visible (GTK_WIDGET (self->level_row), mode == VERSO_MODE_VERSUS_COMPUTER);
  gtk_widget_set_visible (GTK_WIDGET (self->black_level_row), mode == VERSO_MODE_COMPUTER_ONLY);
  gtk_widget_set_visible (GTK_WIDGET (self->white_level_row), mode == VERSO_MODE_COMPUTER_ONLY);
}

void verso_new_game_dialog_save (VersoNewGameDialog *self)
{
  g_return_if_fail (VERSO_IS_NEW_GAME_DIALOG (self));

  g_settings_delay (self->settings);
  g_settings_set_enum (self->settings, "game-mode", (int) adw_combo_row_get_selected (self->mode_row));
  g_settings_set_enum (self->settings, "player-color", (int) adw_combo_row_get_selected (self->color_row));
  g_settings_set_enum (self->settings, "level", (int) adw_combo_row_get_selected (self->level_row));
  g_settings_set_enum (self->settings, "black-level", (int) adw_combo_row_get_selected (self->black_level_row));
  g_settings_set_enum (self->settings, "white-level", (int) adw_combo_row_get_selected (self->white_level_row));
  g_settings_set_enum (self->settings, "rules", (int) adw_combo_row_get_selected (self->rules_row));
  g_settings_set_enum (self->settings, "start", (int) adw_combo_row_get_selected (self->start_row));
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
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, black_level_row);
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, white_level_row);
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, rules_row);
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, start_row);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_selected);
}

static void verso_new_game_dialog_init (VersoNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  verso_level_row_setup (self->level_row);
  verso_level_row_setup (self->black_level_row);
  verso_level_row_setup (self->white_level_row);
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
  adw_combo_row_set_selected (self->black_level_row, (guint) g_settings_get_enum (settings, "black-level"));
  adw_combo_row_set_selected (self->white_level_row, (guint) g_settings_get_enum (settings, "white-level"));
  adw_combo_row_set_selected (self->rules_row, (guint) g_settings_get_enum (settings, "rules"));
  adw_combo_row_set_selected (self->start_row, (guint) g_settings_get_enum (settings, "start"));
  on_mode_selected (self);
  return GTK_WIDGET (self);
}
