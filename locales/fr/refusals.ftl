# Refus des cas d'usage (app/ et tournament/) : ce qui n'allait pas et que faire.

refused-time-up = le temps est écoulé : la ronde est finie, on ne peut plus jouer
refused-ours = un problème est survenu de notre côté ; réessayez dans un instant, et prévenez l'hôte si cela continue
refused-not-found = introuvable
refused-concurrent-change = quelqu'un d'autre a modifié ceci au même moment ; rechargez la page et réessayez
refused-paper-rules = la feuille de marque ne respecte pas les règles du jeu : vérifiez ses comptes

refused-cards-not-in = les cartes de score ne sont pas toutes saisies et confirmées
refused-table-without-scores = la table { $table } n'a pas encore de scores : { $reason }

refused-series-stays = une soirée reste dans la série où elle a été créée : retirez « series » de la modification (créez plutôt une nouvelle soirée dans l'autre série)

refused-console-address = il n'y a pas de soirée à cette adresse : les numéros de soirée sont des nombres entiers ; ouvrez la console depuis votre lien d'hôte
