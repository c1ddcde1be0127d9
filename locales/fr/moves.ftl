# Un coup que le moteur refuse, dans chaque jeu (Touring et Mille Bornes). $card, $needed,
# $other, $taken, $safety et $top sont des noms de cartes ; $target, $winner, $seat et
# $to_move numérotent un camp ou une place comme la table.
refused-game-over = la partie est finie : le camp { $winner } a gagné
refused-not-your-turn = ce n'est pas le tour de la place { $seat } : c'est à la place { $to_move } de jouer
refused-target-missing = dites avec « target » sur quel camp jouer { $card } : plusieurs camps pourraient la recevoir
refused-no-such-side = il n'y a pas de camp { $target } à cette table
refused-own-side-card = le camp { $target } est le vôtre : { $card } se joue sur un adversaire
# $rules : le nom du jeu de la table.
refused-other-rules = ce coup est d'un autre jeu : cette table joue à { $rules }
# $detail : ce qui n'allait pas dans le coup envoyé, dans l'anglais du moteur.
refused-move-unreadable = ce coup n'a pas pu être lu ({ $detail }) : rechargez la page et rejouez
refused-not-in-hand = vous n'avez pas de carte { $card } en main
refused-target-not-allowed = { $card } se joue sur votre propre camp ; jouez-la sans cible
# Un coup tel qu'il est envoyé (JSON), le même dans toutes les langues.
refused-as-sent = { $move }
# Deux réponses possibles, l'une ou l'autre.
refused-either = { $first } ou { $next }
