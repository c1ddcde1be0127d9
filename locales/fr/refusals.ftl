# Refus des cas d'usage (app/ et tournament/) : ce qui n'allait pas et que faire.

refused-time-up = le temps est écoulé : la ronde est finie, on ne peut plus jouer
refused-ours = un problème est survenu de notre côté ; réessayez dans un instant, et prévenez l'hôte si cela continue
refused-not-found = introuvable
refused-concurrent-change = quelqu'un d'autre a modifié ceci au même moment ; rechargez la page et réessayez
refused-paper-rules = la feuille de marque ne respecte pas les règles du jeu : vérifiez ses comptes

refused-cards-not-in = les cartes de score ne sont pas toutes saisies et confirmées
refused-table-without-scores = la table { $table } n'a pas encore de scores : { $reason }

refused-series-stays = une soirée change de série depuis sa console ou celle de la série (ou par PUT et DELETE /api/v1/series/{"{"}series{"}"}/evenings/{"{"}event{"}"}), pas en modifiant ses réglages : retirez « series »
refused-series-link = ce n'est pas un lien d'hôte de série : collez le lien entier donné à la création de la série (il contient /series/, un nombre, et /host?token=…)
refused-series-evening-link = ce n'est pas un lien d'hôte de soirée : collez le lien entier donné à la création de la soirée (il contient /events/, un nombre, et /host?token=…), ou l'adresse de sa console dans un navigateur qui l'anime
refused-series-evening-closed = la soirée « { $evening } » est clôturée : elle reste dans la série où elle était (ou hors série)
refused-series-evening-elsewhere = la soirée « { $evening } » fait partie de la série « { $series } » : retirez-la d'abord de cette série, avec son lien d'hôte
refused-series-not-its-evening = la soirée « { $evening } » ne fait pas partie de cette série

refused-console-address = il n'y a pas de soirée à cette adresse : les numéros de soirée sont des nombres entiers ; ouvrez la console depuis votre lien d'hôte
