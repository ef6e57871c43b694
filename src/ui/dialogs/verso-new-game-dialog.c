/* verso-new-game-dialog.c: the New Game dialog; its choices live in GSettings. */
#include "verso-new-game-dialog.h"

#include <glib/gi18n.h>

#include "level.h"
#include "verso-game.h"
#include "verso-level-row.h"

struct _VersoNewGameDialog {
  AdwMessageDialog parent_instance;

  AdwComboRow *mode_row;
  AdwComboRow *color_row;
  AdwComboRow *level_row;
  AdwComboRow *black_level_row;
  AdwComboRow *white_level_row;
  AdwComboRow *rules_row;
  AdwComboRow *start_row;
  AdwActionRow *match_row;
  GtkSwitch *match_switch;
};

G_DEFINE_FINAL_TYPE (VersoNewGameDialog, verso_new_game_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* The rows, each showing its enum key's value: the items are in the order of the schema's enum. */
#define ROW(field, key) { #field, key, G_STRUCT_OFFSET (VersoNewGameDialog, field) }
static const struct {
  const char *name;  /* in the template */
  const char *key;
  gsize offset;
} rows[] = {
  ROW (mode_row, "game-mode"),
  ROW (color_row, "player-color"),
  ROW (level_row, "level"),
  ROW (black_level_row, "black-level"),
  ROW (white_level_row, "white-level"),
  ROW (rules_row, "rules"),
  ROW (start_row, "start"),
};
#undef ROW

static AdwComboRow *nth_row (VersoNewGameDialog *self, gsize i)
{
  return G_STRUCT_MEMBER (AdwComboRow *, self, rows[i].offset);
}

static void on_mode_selected (VersoNewGameDialog *self)
{
  guint mode = adw_combo_row_get_selected (self->mode_row);

  /* Only the rows that matter to the players chosen are shown. */
  gtk_widget_set_visible (GTK_WIDGET (self->color_row), mode == VERSO_MODE_VERSUS_COMPUTER);
  gtk_widget_set_visible (GTK_WIDGET (self->level_row), mode == VERSO_MODE_VERSUS_COMPUTER);
  gtk_widget_set_visible (GTK_WIDGET (self->match_row), mode == VERSO_MODE_VERSUS_COMPUTER);
  gtk_widget_set_visible (GTK_WIDGET (self->black_level_row), mode == VERSO_MODE_COMPUTER_ONLY);
  gtk_widget_set_visible (GTK_WIDGET (self->white_level_row), mode == VERSO_MODE_COMPUTER_ONLY);
}

struct _VersoNewGameChoices {
  int values[G_N_ELEMENTS (rows)];  /* each row's enum value, in the order of rows */
  gboolean match_my_level;
};

VersoNewGameChoices *verso_new_game_dialog_get_choices (VersoNewGameDialog *self)
{
  VersoNewGameChoices *choices;

  g_return_val_if_fail (VERSO_IS_NEW_GAME_DIALOG (self), NULL);

  choices = g_new (VersoNewGameChoices, 1);
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    choices->values[i] = (int) adw_combo_row_get_selected (nth_row (self, i));
  choices->match_my_level = gtk_switch_get_active (self->match_switch);
  return choices;
}

void verso_new_game_choices_save (const VersoNewGameChoices *choices, GSettings *settings)
{
  g_return_if_fail (choices != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_settings_delay (settings);
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    g_settings_set_enum (settings, rows[i].key, choices->values[i]);
  g_settings_set_boolean (settings, "match-my-level", choices->match_my_level);
  g_settings_apply (settings);
}

static void verso_new_game_dialog_dispose (GObject *object)
{
  VersoNewGameDialog *self = VERSO_NEW_GAME_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), VERSO_TYPE_NEW_GAME_DIALOG);
  G_OBJECT_CLASS (verso_new_game_dialog_parent_class)->dispose (object);
}

static void verso_new_game_dialog_class_init (VersoNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = verso_new_game_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/verso/Verso/verso-new-game-dialog.ui");
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    gtk_widget_class_bind_template_child_full (widget_class, rows[i].name, FALSE, (gssize) rows[i].offset);
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, match_row);
  gtk_widget_class_bind_template_child (widget_class, VersoNewGameDialog, match_switch);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_selected);
}

/* The level is chosen by the rating while Match My Level is on. */
static gboolean active_to_insensitive (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  g_value_set_boolean (to, !g_value_get_boolean (from));
  return TRUE;
}

static void verso_new_game_dialog_init (VersoNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  verso_level_row_setup (self->level_row);
  verso_level_row_setup (self->black_level_row);
  verso_level_row_setup (self->white_level_row);
  g_object_bind_property_full (self->match_switch, "active", self->level_row, "sensitive", G_BINDING_SYNC_CREATE,
                               active_to_insensitive, NULL, NULL, NULL);
}

GtkWidget *verso_new_game_dialog_new (GtkWindow *parent, GSettings *settings)
{
  VersoNewGameDialog *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (VERSO_TYPE_NEW_GAME_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    adw_combo_row_set_selected (nth_row (self, i), (guint) g_settings_get_enum (settings, rows[i].key));
  gtk_switch_set_active (self->match_switch, g_settings_get_boolean (settings, "match-my-level"));
  on_mode_selected (self);
  return GTK_WIDGET (self);
}

void verso_new_game_dialog_set_stats (VersoNewGameDialog *self, VersoStats *stats)
{
  g_return_if_fail (VERSO_IS_NEW_GAME_DIALOG (self));
  verso_level_row_setup_match (self->match_row, stats);
}
